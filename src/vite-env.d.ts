/// <reference types="vite/client" />

/** True when the app runs on the built-in mock backend (no API_TARGET given). */
declare const __MOCK_BACKEND__: boolean;
