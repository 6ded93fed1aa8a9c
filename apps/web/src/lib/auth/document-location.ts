/**
 * Loads a page of the console afresh (a full page load): what the previous session's screens held, cached or in
 * flight, goes with the old page. Behind an object so that tests can watch it (jsdom does not navigate).
 */
export const documentLocation = {
  assign(path: string): void {
    window.location.assign(path);
  },
};
