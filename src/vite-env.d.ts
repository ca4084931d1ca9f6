/// <reference types="vite/client" />

/** True in the demo build and the mock dev server: the built-in mock backend runs in the browser. */
declare const __MOCK_BACKEND__: boolean;

/** The login page's cut of a theme stylesheet (vite-plugins/login-theme.ts): its address. */
declare module '*?login-page&url' {
  const url: string;
  export default url;
}
