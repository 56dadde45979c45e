/**
 * What people paste into the rich-text editor, and what attackers try (rich-text.e2e.test.ts):
 * clipboard HTML as Word and Google Docs put it there, web pages, tables, lists, links, images
 * and font sizes the editor writes itself, and XSS payloads after the OWASP filter evasion cheat
 * sheet. `keep` names the formatting that must arrive in the storefront (a CSS selector and how
 * many times at least), `text` words that must survive, `gone` text that must not.
 */
export type CorpusEntry = {
  name: string
  html: string
  keep?: Record<string, number>
  text?: string[]
  gone?: string[]
}

const wordDocument = (body: string) => `<html xmlns:v="urn:schemas-microsoft-com:vml"
xmlns:o="urn:schemas-microsoft-com:office:office"
xmlns:w="urn:schemas-microsoft-com:office:word"
xmlns:m="http://schemas.microsoft.com/office/2004/12/omml"
xmlns="http://www.w3.org/TR/REC-html40">
<head>
<meta http-equiv=Content-Type content="text/html; charset=utf-8">
<meta name=ProgId content=Word.Document>
<meta name=Generator content="Microsoft Word 15">
<link rel=File-List href="file:///C:/Users/anna/AppData/Local/Temp/msohtmlclip1/01/clip_filelist.xml">
<!--[if gte mso 9]><xml>
 <o:OfficeDocumentSettings>
  <o:AllowPNG/>
 </o:OfficeDocumentSettings>
</xml><![endif]-->
<style>
<!--
 /* Style Definitions */
 p.MsoNormal, li.MsoNormal, div.MsoNormal
	{mso-style-unhide:no;
	margin:0cm;
	font-size:11.0pt;
	font-family:"Calibri",sans-serif;}
-->
</style>
</head>
<body lang=DE-CH style='tab-interval:35.4pt;word-wrap:break-word'>
<!--StartFragment-->
${body}
<!--EndFragment-->
</body>
</html>`

const googleDocument = (body: string) =>
  `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-3f1c2a7e-7fff-1b2c-8a4d-2c9e0b6f1d11">${body}</b><br class="Apple-interchange-newline">`

const gSpan = (text: string, style = '') =>
  `<span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;${style}">${text}</span>`
const gPara = (inner: string) =>
  `<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;">${inner}</p>`

const wordListItem = (marker: string, text: string, level = 1, list = 0) =>
  `<p class=MsoListParagraphCxSpMiddle style='margin-left:${18 * level}.0pt;mso-add-space:auto;text-indent:-18.0pt;mso-list:l${list} level${level} lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol;mso-bidi-font-family:Symbol'><span style='mso-list:Ignore'>${marker}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>${text}<o:p></o:p></p>`

const pasted: CorpusEntry[] = [
  {
    name: 'Word: headings, bold, italic, underline',
    html: wordDocument(`<h1 style='mso-margin-top-alt:auto'><span lang=DE-CH style='mso-ansi-language:DE-CH'>Unsere Bäckerei<o:p></o:p></span></h1>
<p class=MsoNormal><b><span style='font-size:12.0pt;mso-bidi-font-size:11.0pt'>Seit 1921</span></b> backen wir <i>jeden Tag</i> frisch und <u>ohne Zusatzstoffe</u>.<o:p></o:p></p>
<h2><a name="_Toc1"></a>Öffnungszeiten<o:p></o:p></h2>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>`),
    keep: { h1: 1, h2: 1, 'strong, b': 1, 'em, i': 1, u: 1 },
    text: ['Unsere Bäckerei', 'Seit 1921', 'ohne Zusatzstoffe', 'Öffnungszeiten'],
    gone: ['mso-', 'Style Definitions', 'OfficeDocumentSettings'],
  },
  {
    name: 'Word: bulleted list paragraphs',
    html: wordDocument(
      `<p class=MsoNormal>Unser Angebot:<o:p></o:p></p>` +
        wordListItem('·', 'Brot') +
        wordListItem('·', 'Gipfeli') +
        wordListItem('·', 'Torten auf Bestellung'),
    ),
    keep: { 'ul > li': 3 },
    text: ['Brot', 'Gipfeli', 'Torten auf Bestellung'],
    gone: ['·'],
  },
  {
    name: 'Word: numbered list with a second level',
    html: wordDocument(
      wordListItem('1.', 'Teig ansetzen') +
        wordListItem('a.', 'Mehl sieben', 2) +
        wordListItem('b.', 'Hefe auflösen', 2) +
        wordListItem('2.', 'Gehen lassen') +
        wordListItem('3.', 'Backen'),
    ),
    keep: { 'ol > li': 5, 'ol li ol > li': 2 },
    text: ['Teig ansetzen', 'Hefe auflösen', 'Backen'],
  },
  {
    name: 'Word: table with merged cells and widths',
    html: wordDocument(`<table class=MsoTableGrid border=1 cellspacing=0 cellpadding=0 style='border-collapse:collapse;border:none;mso-border-alt:solid windowtext .5pt'>
 <tr style='mso-yfti-irow:0;mso-yfti-firstrow:yes'>
  <td width=302 colspan=2 valign=top style='width:226.55pt;border:solid windowtext 1.0pt;padding:0cm 5.4pt 0cm 5.4pt'>
  <p class=MsoNormal><b>Öffnungszeiten</b><o:p></o:p></p>
  </td>
 </tr>
 <tr>
  <td width=151 valign=top style='width:113.3pt'><p class=MsoNormal>Montag<o:p></o:p></p></td>
  <td width=151 valign=top style='width:113.3pt'><p class=MsoNormal>7–18 Uhr<o:p></o:p></p></td>
 </tr>
</table>`),
    keep: { table: 1, tr: 2, 'td, th': 3, '[colspan="2"]': 1, strong: 1 },
    text: ['Montag', '7–18 Uhr'],
    gone: ['226.55pt', 'MsoTableGrid'],
  },
  {
    name: 'Word: link and smart tags',
    html: wordDocument(
      `<p class=MsoNormal>Besuchen Sie uns in <st1:place w:st="on">Zürich</st1:place> oder auf <a href="https://www.example.ch/filialen"><span style='color:#0563C1'>unserer Website</span></a>.<o:p></o:p></p>`,
    ),
    keep: { 'a[href="https://www.example.ch/filialen"]': 1 },
    text: ['Zürich', 'unserer Website'],
  },
  {
    name: 'Word: local image reference and VML shape',
    html: wordDocument(
      `<p class=MsoNormal><!--[if gte vml 1]><v:shape id="Grafik_x0020_1" o:spid="_x0000_i1025" type="#_x0000_t75" style='width:200pt;height:100pt'><v:imagedata src="file:///C:/Users/anna/AppData/Local/Temp/msohtmlclip1/01/clip_image001.png" o:title=""/></v:shape><![endif]--><![if !vml]><img width=267 height=133 src="file:///C:/Users/anna/AppData/Local/Temp/msohtmlclip1/01/clip_image002.jpg" v:shapes="Grafik_x0020_1"><![endif]>Unser Laden<o:p></o:p></p>`,
    ),
    text: ['Unser Laden'],
    gone: ['file:'],
  },
  {
    name: 'Word: font tags, mso spans and classes',
    html: wordDocument(
      `<p class=MsoBodyText style='mso-pagination:widow-orphan'><font face="Arial" size="4" color="#ff0000"><span style='mso-bidi-font-family:Arial;color:red'>Aktion: <b>20 %</b> auf alle Torten</span></font><o:p></o:p></p>`,
    ),
    keep: { 'strong, b': 1 },
    text: ['Aktion:', '20 %', 'auf alle Torten'],
    gone: ['font', 'color', 'MsoBodyText'],
  },
  {
    name: 'Google Docs: paragraphs with bold and italic spans',
    html: googleDocument(
      gPara(
        gSpan('Frische ') +
          gSpan('Zutaten', 'font-weight:700;') +
          gSpan(' aus der ') +
          gSpan('Region', 'font-style:italic;'),
      ) +
        '<br>' +
        gPara(gSpan('Jeden Tag gebacken.')),
    ),
    keep: { strong: 1, em: 1, p: 2 },
    text: ['Zutaten', 'Region', 'Jeden Tag gebacken.'],
    gone: ['docs-internal-guid', 'font-size'],
  },
  {
    name: 'Google Docs: the guid wrapper does not make everything bold',
    html: googleDocument(gPara(gSpan('Ganz normaler Text'))),
    keep: { p: 1 },
    text: ['Ganz normaler Text'],
  },
  {
    name: 'Google Docs: headings and underline',
    html: googleDocument(
      `<h1 dir="ltr" style="line-height:1.38;margin-top:20pt;margin-bottom:6pt;">${gSpan('Catering', 'font-size:20pt;')}</h1>` +
        `<h3 dir="ltr" style="line-height:1.38;margin-top:16pt;margin-bottom:4pt;">${gSpan('Apéro', 'font-size:14pt;color:#434343;')}</h3>` +
        gPara(
          gSpan('Bitte ') +
            gSpan(
              'drei Tage',
              'text-decoration:underline;-webkit-text-decoration-skip:none;text-decoration-skip-ink:none;',
            ) +
            gSpan(' vorher bestellen.'),
        ),
    ),
    keep: { h1: 1, h3: 1, u: 1 },
    text: ['Catering', 'Apéro', 'drei Tage'],
  },
  {
    name: 'Google Docs: bulleted and numbered lists',
    html: googleDocument(
      `<ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;font-family:Arial,sans-serif;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation">${gSpan('Zopf')}</p></li><li dir="ltr" style="list-style-type:disc;" aria-level="1"><p dir="ltr" role="presentation">${gSpan('Bürli', 'font-weight:700;')}</p></li></ul>` +
        `<ol style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="ltr" style="list-style-type:decimal;" aria-level="1"><p dir="ltr" role="presentation">${gSpan('Bestellen')}</p></li><li dir="ltr" style="list-style-type:decimal;" aria-level="1"><p dir="ltr" role="presentation">${gSpan('Abholen')}</p></li></ol>`,
    ),
    keep: { 'ul > li': 2, 'ol > li': 2, strong: 1 },
    text: ['Zopf', 'Bürli', 'Abholen'],
    gone: ['aria-level', 'role'],
  },
  {
    name: 'Google Docs: link with its own underline span',
    html: googleDocument(
      gPara(
        gSpan('Mehr auf ') +
          `<a href="https://www.example.ch/catering" style="text-decoration:none;">${gSpan('unserer Seite', 'color:#1155cc;text-decoration:underline;')}</a>`,
      ),
    ),
    keep: { 'a[href="https://www.example.ch/catering"]': 1 },
    text: ['unserer Seite'],
  },
  {
    name: 'Google Docs: table',
    html: googleDocument(
      `<div dir="ltr" style="margin-left:0pt;" align="left"><table style="border:none;border-collapse:collapse;"><colgroup><col width="301"><col width="301"></colgroup><tbody><tr style="height:0pt"><td style="border-left:solid #000000 1pt;vertical-align:top;padding:5pt;overflow:hidden;overflow-wrap:break-word;">${gPara(gSpan('Produkt', 'font-weight:700;'))}</td><td style="vertical-align:top;padding:5pt;">${gPara(gSpan('Preis', 'font-weight:700;'))}</td></tr><tr style="height:0pt"><td style="vertical-align:top;padding:5pt;">${gPara(gSpan('Zopf 500 g'))}</td><td style="vertical-align:top;padding:5pt;">${gPara(gSpan('CHF 6.50'))}</td></tr></tbody></table></div>`,
    ),
    keep: { table: 1, tr: 2, 'td, th': 4, strong: 2 },
    text: ['Zopf 500 g', 'CHF 6.50'],
    gone: ['colgroup', 'col width'],
  },
  {
    name: 'Web page: article with comments and classes',
    html: `<!-- copied from a website --><article class="post"><header><h2 class="entry-title" style="color:#333">Neu im Sortiment</h2></header><div class="entry-content"><p class="lead">Unser <strong class="x">Dinkelbrot</strong> ist da.</p><p>Mehr dazu <a href="/sortiment/dinkel" class="btn" onclick="track()">hier</a>.</p></div><footer><button>Teilen</button></footer></article>`,
    keep: { h2: 1, strong: 1, 'a[href="/sortiment/dinkel"]': 1 },
    text: ['Neu im Sortiment', 'Dinkelbrot'],
    gone: ['Teilen', 'entry-title', 'track()'],
  },
  {
    name: 'Web page: definition list, code and quote',
    html: `<dl><dt>Zopf</dt><dd>Butterzopf aus Weissmehl</dd></dl><pre><code>Rezept 12</code></pre><blockquote cite="https://example.ch">Das beste Brot der Stadt.</blockquote>`,
    keep: { blockquote: 1 },
    text: ['Butterzopf aus Weissmehl', 'Rezept 12', 'Das beste Brot der Stadt.'],
  },
  {
    name: 'Web page: nested lists three levels deep',
    html: `<ul><li>Brote<ul><li>Hell<ul><li>Zopf</li><li>Weggli</li></ul></li><li>Dunkel</li></ul></li><li>Gebäck</li></ul>`,
    keep: { 'ul ul ul > li': 2, 'ul > li': 6 },
    text: ['Weggli', 'Gebäck'],
  },
  {
    name: 'Web page: nested tables',
    html: `<table><tbody><tr><td><p>Aussen</p><table><tbody><tr><td>Innen A</td><td>Innen B</td></tr></tbody></table></td><td>Rechts</td></tr></tbody></table>`,
    keep: { 'table table': 1, 'table table td': 2 },
    text: ['Innen A', 'Innen B', 'Rechts'],
  },
  {
    name: 'Web page: table with header row and rowspan',
    html: `<table><thead><tr><th scope="col">Tag</th><th scope="col">Zeit</th></tr></thead><tbody><tr><td rowspan="2">Sa</td><td>8–12</td></tr><tr><td>14–16</td></tr></tbody></table>`,
    keep: { th: 2, '[rowspan="2"]': 1, td: 3 },
    text: ['8–12', '14–16'],
  },
  {
    name: 'Web page: inline image with base64 source',
    html: `<p>Logo: <img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==" alt="Logo"> Ende</p>`,
    text: ['Logo:', 'Ende'],
    gone: ['data:'],
  },
  {
    name: 'Web page: links with targets and relations',
    html: `<p><a href="https://example.ch/a" target="_blank">neu</a> <a href="https://example.ch/b" target="_top" rel="opener">oben</a> <a href="mailto:info@example.ch">Mail</a> <a href="tel:+41441234567">Telefon</a></p>`,
    keep: {
      'a[href="https://example.ch/a"][target="_blank"][rel="noopener noreferrer"]': 1,
      'a[href="https://example.ch/b"]:not([target])': 1,
      'a[href^="mailto:"]': 1,
      'a[href^="tel:"]': 1,
    },
    gone: ['_top', 'opener"'],
  },
  {
    name: 'Pages/LibreOffice: spans and font sizes in styles',
    html: `<p style="margin-bottom: 0cm; line-height: 100%"><font face="Liberation Serif, serif"><font size="3" style="font-size: 12pt"><span style="font-weight: bold">Wichtig:</span> Vorbestellung bis 16 Uhr.</font></font></p>`,
    keep: { strong: 1 },
    text: ['Wichtig:', 'Vorbestellung bis 16 Uhr.'],
    gone: ['Liberation'],
  },
]

const ownFormatting: CorpusEntry[] = [
  {
    name: 'Editor: all six heading levels',
    html: '<h1>Eins</h1><h2>Zwei</h2><h3>Drei</h3><h4>Vier</h4><h5>Fünf</h5><h6>Sechs</h6>',
    keep: { h1: 1, h2: 1, h3: 1, h4: 1, h5: 1, h6: 1 },
  },
  {
    name: 'Editor: paragraph font sizes 24, 28, 32',
    html: '<p class="rt-size-24">Gross</p><p class="rt-size-28">Grösser</p><p class="rt-size-32">Am grössten</p><p class="rt-size-40 lead">Unbekannt</p>',
    keep: { 'p.rt-size-24': 1, 'p.rt-size-28': 1, 'p.rt-size-32': 1 },
    gone: ['rt-size-40', 'lead'],
  },
  {
    name: 'Editor: floating images',
    html: '<img src="/image/medium/a1-1.jpg" alt="Brot" class="rt-float-left" width="640" height="480"><p>Text daneben.</p><img src="/image/medium/a2-1.png" alt="" class="rt-float-right"><p>Noch mehr Text.</p><img src="https://cdn.example.ch/c.jpg" alt="Mitte">',
    keep: {
      'img.rt-float-left[src="/image/medium/a1-1.jpg"][alt="Brot"][width="640"]': 1,
      'img.rt-float-right': 1,
      'img[src="https://cdn.example.ch/c.jpg"]:not([class])': 1,
    },
  },
  {
    name: 'Editor: media links to YouTube and Vimeo',
    html: '<p class="rt-media"><a href="https://youtu.be/dQw4w9WgXcQ">Unser Laden</a></p><p class="rt-media"><a href="https://player.vimeo.com/video/76979871">Backstube</a></p>',
    keep: {
      'p.rt-media > a[href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"][target="_blank"]': 1,
      'p.rt-media > a[href="https://vimeo.com/76979871"]': 1,
    },
    text: ['Unser Laden', 'Backstube'],
  },
  {
    name: 'Editor: a media class on something that is no video stays a paragraph',
    html: '<p class="rt-media"><a href="https://evil.example/video">Kein Video</a></p>',
    keep: { 'a[href="https://evil.example/video"]': 1 },
    gone: ['rt-media'],
  },
  {
    name: 'Editor: marks together',
    html: '<p><strong><em><u><s>alles</s></u></em></strong> und <b>b</b> <i>i</i> H<sub>2</sub>O</p>',
    keep: { strong: 2, em: 2, u: 1, s: 1 },
    text: ['alles', 'H2O'],
  },
  {
    name: 'Editor: ordered list with start, quote and rule',
    html: '<ol start="3"><li>drei</li><li>vier</li></ol><blockquote><p>Zitat</p></blockquote><hr><p>Ende</p>',
    keep: { 'ol[start="3"] > li': 2, blockquote: 1, hr: 1 },
  },
  {
    name: 'Editor: line breaks and special characters',
    html: '<p>Zeile 1<br>Zeile 2 &amp; 3 &lt;b&gt; «Zitat» – 5&nbsp;Fr.</p>',
    keep: { br: 1 },
    text: ['Zeile 2 & 3 <b>', '«Zitat»'],
  },
  {
    name: 'Editor: table with a list and a heading in cells',
    html: '<table><tbody><tr><th>Kopf</th><th>Liste</th></tr><tr><td><h3>Titel</h3></td><td><ul><li>a</li><li>b</li></ul></td></tr></tbody></table>',
    keep: { th: 2, 'td h3': 1, 'td ul > li': 2 },
  },
  {
    name: 'Editor: PDF link',
    html: '<p>Unser <a href="/upload/abc123/0b8f-1.pdf" target="_blank" rel="noopener noreferrer">Menü als PDF</a></p>',
    keep: { 'a[href="/upload/abc123/0b8f-1.pdf"][target="_blank"]': 1 },
  },
  {
    name: 'Empty text',
    html: '<p></p>',
  },
]

/** OWASP XSS filter evasion cheat sheet, and what a clipboard might smuggle. */
const xss: CorpusEntry[] = [
  { name: 'XSS: script element', html: '<p>a</p><script>alert(1)</script><p>b</p>', text: ['a', 'b'] },
  { name: 'XSS: img onerror', html: '<img src=x onerror="alert(1)">' },
  { name: 'XSS: img onerror without quotes', html: '<IMG SRC=/ onerror=alert(1)>' },
  { name: 'XSS: javascript: link', html: '<a href="javascript:alert(1)">klick</a>', text: ['klick'] },
  {
    name: 'XSS: javascript: link with entities',
    html: '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  },
  {
    name: 'XSS: javascript: link with hex entities',
    html: '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  },
  { name: 'XSS: javascript: link with a tab', html: '<a href="jav&#x09;ascript:alert(1);">x</a>' },
  { name: 'XSS: javascript: link with a newline', html: '<a href="jav&#x0A;ascript:alert(1);">x</a>' },
  {
    name: 'XSS: javascript: with leading spaces and control characters',
    html: '<a href=" &#14;  javascript:alert(1);">x</a>',
  },
  { name: 'XSS: mixed case scheme', html: '<a href="JaVaScRiPt:alert(1)">x</a>' },
  { name: 'XSS: vbscript link', html: '<a href="vbscript:msgbox(1)">x</a>' },
  {
    name: 'XSS: data: HTML link',
    html: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  },
  {
    name: 'XSS: svg onload',
    html: '<svg onload=alert(1)><circle r="5"/></svg><p>nach svg</p>',
    text: ['nach svg'],
  },
  { name: 'XSS: body onload', html: '<body onload=alert(1)><p>Text</p></body>', text: ['Text'] },
  { name: 'XSS: iframe srcdoc', html: '<iframe srcdoc="<script>alert(1)</script>"></iframe>' },
  { name: 'XSS: iframe javascript src', html: '<iframe src="javascript:alert(1)"></iframe>' },
  {
    name: 'XSS: object and embed',
    html: '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  },
  {
    name: 'XSS: style expression',
    html: '<p style="background:url(javascript:alert(1));width:expression(alert(1))">s</p>',
  },
  { name: 'XSS: style element with import', html: '<style>@import "javascript:alert(1)";</style><p>t</p>' },
  {
    name: 'XSS: meta refresh',
    html: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>m</p>',
  },
  {
    name: 'XSS: form action and button formaction',
    html: '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
  },
  { name: 'XSS: math href', html: '<math><mtext><a href="javascript:alert(1)">m</a></mtext></math>' },
  {
    name: 'XSS: table background',
    html: '<table background="javascript:alert(1)"><tr><td onmouseover="alert(1)">c</td></tr></table>',
    keep: { td: 1 },
  },
  {
    name: 'XSS: event handlers on allowed elements',
    html: '<h2 onclick="alert(1)">h</h2><p onmouseover="alert(1)" class="rt-size-24">p</p><li onfocus=alert(1)>l</li>',
    keep: { h2: 1, 'p.rt-size-24': 1 },
  },
  { name: 'XSS: broken markup', html: '<<SCRIPT>alert(1);//<</SCRIPT><p>x</p>' },
  { name: 'XSS: unclosed image with quotes', html: '<IMG """><SCRIPT>alert(1)</SCRIPT>">' },
  {
    name: 'XSS: noscript mutation',
    html: '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  },
  { name: 'XSS: template and mXSS', html: '<template><img src=x onerror=alert(1)></template><p>ok</p>' },
  { name: 'XSS: textarea breakout', html: '<textarea></textarea><img src=x onerror=alert(1)></textarea>' },
  { name: 'XSS: base href', html: '<base href="javascript:alert(1)//"><a href="/x">x</a>' },
  {
    name: 'XSS: link import',
    html: '<link rel="import" href="data:text/html,<script>alert(1)</script>"><p>l</p>',
  },
  {
    name: 'XSS: image javascript src and srcset',
    html: '<img src="javascript:alert(1)" srcset="javascript:alert(1) 1x">',
  },
  {
    name: 'XSS: video and audio sources',
    html: '<video><source onerror="alert(1)"></video><audio src=x onerror=alert(1)></audio>',
  },
  { name: 'XSS: details ontoggle', html: '<details open ontoggle=alert(1)><summary>s</summary>d</details>' },
  {
    name: 'XSS: marquee and isindex',
    html: '<marquee onstart=alert(1)>m</marquee><isindex action=javascript:alert(1) type=image>',
  },
  {
    name: 'XSS: attribute breakout in alt',
    html: '<img src="/image/a-1.jpg" alt="x&quot; onerror=&quot;alert(1)">',
    keep: { 'img[alt]': 1 },
  },
  {
    name: 'XSS: link title breakout',
    html: '<a href="/a" title="&quot;><script>alert(1)</script>">t</a>',
    keep: { 'a[href="/a"]': 1 },
  },
  {
    name: 'XSS: Word conditional comment hiding a script',
    html: wordDocument(
      '<!--[if gte mso 9]><script>alert(1)</script><![endif]--><p class=MsoNormal>Nach dem Kommentar<o:p></o:p></p>',
    ),
    text: ['Nach dem Kommentar'],
  },
  {
    name: 'XSS: Google Docs wrapper with a payload',
    html: googleDocument(gPara(gSpan('<img src=x onerror=alert(1)>'))),
  },
]

export const RICH_TEXT_CORPUS: readonly CorpusEntry[] = [...pasted, ...ownFormatting, ...xss]
