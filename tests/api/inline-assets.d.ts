// Vite's `?inline` imports (test fixtures read in workerd, which has no file system): a data URL.
declare module "*?inline" {
  const dataUrl: string;
  export default dataUrl;
}
