// @types/jsdom is not installed; the wedge bench needs only this much of it.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { url?: string });
    window: Window & typeof globalThis;
  }
}
