/**
 * Product description markup that runs code or restyles the page once rendered as it is: what a
 * description written straight to the database (by SQL or an import, past the API's write path) may hold.
 * Each sets `window.pwned` if it ever runs.
 */
export const ATTACKS = [
  '<script>window.pwned = 1</script>',
  '<img src=x onerror="window.pwned = 2">',
  '<a href="javascript:window.pwned = 3">a link</a>',
  '<a href="&#106;avascript:window.pwned = 3">an encoded link</a>',
  '<iframe src="javascript:window.pwned = 4"></iframe>',
  '<iframe srcdoc="<script>window.pwned = 4</script>"></iframe>',
  '<style>body { display: none } /* pwned */</style>',
  '<svg><script>window.pwned = 5</script></svg>',
  '<svg/onload=window.pwned=6></svg>',
  '<svg><a xlink:href="javascript:window.pwned = 6"><text>svg link</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.pwned=7></style></mglyph></table></mtext></math>',
  '<p onclick="window.pwned = 8" style="background: url(javascript:window.pwned = 8)">styled</p>',
  '<noscript><p title="</noscript><img src=x onerror=window.pwned=9>"></noscript>',
  '<!--<img src=x onerror=window.pwned=10>-->',
  '<object data="javascript:window.pwned = 11"></object><embed src="javascript:window.pwned = 12">',
  '<form action="javascript:window.pwned = 13"><button>go</button></form>',
  '<details open ontoggle="window.pwned = 14">details</details>',
  '<img src=x onerror=window.pwned=15//',
  '<scr<script>ipt>window.pwned = 16</scr</script>ipt>',
  '<template><img src=x onerror=window.pwned=17></template>',
  '<textarea></textarea><img src=x onerror=window.pwned=18><textarea></textarea>',
  '<base href="javascript:window.pwned = 19//"><link rel="stylesheet" href="data:text/css,*{}"><meta http-equiv="refresh" content="0;url=javascript:window.pwned=19">',
];

/** A whole description with every attack between harmless formatting. */
export const HOSTILE_DESCRIPTION = `<p>Fine <strong>leather</strong> &amp; suede.</p>${ATTACKS.join('')}<p>After all, a shoe.</p>`;
