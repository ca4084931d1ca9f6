/// <reference types="vite/client" />

/** True in the demo build and the mock dev server: the built-in mock backend runs in the browser. */
declare const __MOCK_BACKEND__: boolean;
