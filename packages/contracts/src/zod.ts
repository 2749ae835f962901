import { config, z } from 'zod';

// In the browser, zod parses without compiling parsers through `new Function`. Its first parse would
// otherwise probe whether eval is allowed, which the shop's Content-Security-Policy (script-src 'self')
// refuses, and the browser records that refusal as an issue on every page with a form. The server keeps
// the compiled parsers.
if (typeof (globalThis as { window?: unknown }).window !== 'undefined') config({ jitless: true });

export { z };
