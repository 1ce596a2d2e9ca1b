import { escapeHtml } from '../escape.js';
import { fieldRows, type FieldRow, type JsonSchema } from './json-schema.js';
import { errorStatuses } from './openapi.js';
import type { OpenApiDocument, OpenApiOperation } from './openapi-types.js';


/** One line of the descriptions' little Markdown, escaped first: `code` and **bold**. */
function inline(line: string): string {
  return escapeHtml(line)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
}

/** The descriptions' little Markdown: inline marks, "- " lists, "## " headings, paragraphs. */
function prose(markdown: string): string {
  const out: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length) out.push(`<ul>${list.map((item) => `<li>${item}</li>`).join('')}</ul>`);
    list = [];
  };
  for (const line of markdown.split('\n')) {
    if (line.startsWith('- ')) {
      list.push(inline(line.slice(2)));
      continue;
    }
    flush();
    if (line.startsWith('## ')) out.push(`<h3>${inline(line.slice(3))}</h3>`);
    else if (line.trim()) out.push(`<p>${inline(line)}</p>`);
  }
  flush();
  return out.join('\n');
}

/** An id for HTML anchors: letters, digits and dashes. */
function anchor(prefix: string, name: string): string {
  return `${prefix}-${name.replace(/[^A-Za-z0-9]+/g, '-')}`;
}

function fieldTable(rows: FieldRow[], caption: string): string {
  if (!rows.length) return `<p class="muted">${escapeHtml(caption)}: none.</p>`;
  const body = rows
    .map(
      (row) =>
        `<tr><td><code>${escapeHtml(row.name)}</code></td><td>${escapeHtml(row.type)}</td>` +
        `<td>${row.required ? 'yes' : '<span class="muted">no</span>'}</td>` +
        `<td>${row.rules.map((rule) => `<span class="rule">${escapeHtml(rule)}</span>`).join(' ')}` +
        `${row.description ? `<div class="desc">${inline(row.description)}</div>` : ''}</td></tr>`,
    )
    .join('\n');
  return (
    `<table><caption>${escapeHtml(caption)}</caption>` +
    '<thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Rules and meaning</th></tr></thead>' +
    `<tbody>\n${body}\n</tbody></table>`
  );
}

interface OperationView {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

function operationsByTag(doc: OpenApiDocument): Map<string, OperationView[]> {
  const byTag = new Map<string, OperationView[]>(doc.tags.map((tag) => [tag.name, []]));
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method: method.toUpperCase(), path, operation }]);
    }
  }
  return byTag;
}

function successSchema(operation: OpenApiOperation): JsonSchema | undefined {
  const ok = operation.responses['200'] as { content?: { 'application/json'?: { schema?: JsonSchema } } } | undefined;
  const schema = ok?.content?.['application/json']?.schema;
  return schema?.oneOf?.[0] ?? schema;
}

function renderOperation({ method, path, operation }: OperationView): string {
  const body = operation.requestBody?.content['application/json'];
  const payloadRows = body
    ? fieldRows(body.schema)
    : (operation.parameters ?? []).map((parameter) => ({
        name: parameter.name,
        type: String(parameter.schema.type ?? 'string'),
        required: parameter.required,
        rules: [],
        description: parameter.description ?? '',
      }));
  const reply = successSchema(operation);
  const statuses = Object.keys(operation.responses).filter((status) => status !== '200');
  return `<article class="op" id="${escapeHtml(anchor('op', operation.operationId))}">
<h3><span class="method ${escapeHtml(method.toLowerCase())}">${escapeHtml(method)}</span> <code class="path">${escapeHtml(path)}</code></h3>
<p class="meta"><span class="badge">${escapeHtml(operation['x-access'])}</span> <span class="muted">operationId</span> <code>${escapeHtml(operation.operationId)}</code></p>
${prose(operation.description)}
${fieldTable(payloadRows, method === 'GET' ? 'Query parameters' : 'Payload (JSON body)')}
${body ? `<p class="label">Example payload</p><pre><code>${escapeHtml(JSON.stringify(body.example, null, 2))}</code></pre>` : ''}
${reply ? fieldTable(fieldRows(reply), operation['x-access'] === 'provider' ? 'Success reply (status "OK")' : 'Success reply (statusCode 1)') : ''}
${
  operation['x-access'] === 'provider'
    ? `<p class="muted">Error replies: status &quot;ERROR&quot; with a code (above), HTTP ${escapeHtml(statuses.join(', '))}.</p>`
    : `<p class="muted">Failure replies: statusCode 0 with an error key, HTTP ${escapeHtml(statuses.join(', '))}. See <a href="#errors">error keys</a>.</p>`
}
</article>`;
}

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1d2330;--muted:#5d6678;--line:#d9dee8;--side:#f4f6fa;--code:#eef1f6;--accent:#1f5fbf;--post:#1d7a46;--get:#1f5fbf}
@media (prefers-color-scheme:dark){:root{--bg:#14171d;--fg:#e6e9ef;--muted:#9aa3b5;--line:#2c323d;--side:#1a1e26;--code:#222834;--accent:#7fb0ff;--post:#5fd08f;--get:#7fb0ff}}
*{box-sizing:border-box}
body{margin:0;font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
a{color:var(--accent)}
.layout{display:grid;grid-template-columns:300px 1fr;min-height:100vh}
nav{background:var(--side);border-right:1px solid var(--line);padding:16px;position:sticky;top:0;height:100vh;overflow:auto}
nav h1{font-size:18px;margin:0 0 4px}
nav h2{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:18px 0 6px}
nav ul{list-style:none;margin:0;padding:0}
nav li a{display:flex;gap:6px;align-items:baseline;padding:3px 4px;border-radius:4px;text-decoration:none;color:var(--fg);font-size:13px;overflow-wrap:anywhere}
nav li a:hover,nav li a:focus{background:var(--code)}
main{padding:24px 40px;max-width:1100px;min-width:0}
section{margin-bottom:40px}
section>h2{border-bottom:2px solid var(--line);padding-bottom:6px}
.op{border:1px solid var(--line);border-radius:8px;padding:16px 20px;margin:20px 0}
.op h3{margin:0 0 6px;font-size:17px;overflow-wrap:anywhere}
.method{display:inline-block;min-width:48px;text-align:center;font:700 12px/20px ui-monospace,monospace;border-radius:4px;color:#fff;padding:0 6px;margin-right:4px}
.method.post{background:var(--post)}.method.get{background:var(--get)}
nav .method{flex:none;min-width:38px;font-size:10px;line-height:16px;color:var(--bg)}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px}
code{background:var(--code);padding:1px 4px;border-radius:3px}
pre{background:var(--code);padding:12px;border-radius:6px;overflow:auto}
pre code{padding:0;background:none}
table{border-collapse:collapse;width:100%;margin:12px 0;font-size:13px}
caption{text-align:left;font-weight:600;padding:4px 0}
th,td{border:1px solid var(--line);padding:5px 8px;text-align:left;vertical-align:top}
th{background:var(--side)}
td:first-child{white-space:nowrap}
.rule{display:inline-block;background:var(--code);border-radius:3px;padding:0 4px;margin:1px 2px 1px 0;font-size:12px;overflow-wrap:anywhere}
.desc{margin-top:2px}
.muted{color:var(--muted)}
.badge{display:inline-block;border:1px solid var(--line);border-radius:10px;padding:0 8px;font-size:12px}
.label{font-weight:600;margin-bottom:4px}
@media (max-width:800px){.layout{grid-template-columns:1fr}nav{position:static;height:auto}main{padding:16px}}
`;

/** The reference page of /api/docs: server-rendered, self-contained (inline CSS, no script, nothing fetched). */
export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = operationsByTag(doc);
  const tagText = new Map(doc.tags.map((tag) => [tag.name, tag.description ?? '']));
  const sidebar = [...byTag.entries()]
    .map(
      ([tag, operations]) =>
        `<h2>${escapeHtml(tag)}</h2><ul>${operations
          .map(
            ({ method, path, operation }) =>
              `<li><a href="#${escapeHtml(anchor('op', operation.operationId))}"><span class="method ${escapeHtml(method.toLowerCase())}">${escapeHtml(method)}</span> ${escapeHtml(path)}</a></li>`,
          )
          .join('')}</ul>`,
    )
    .join('\n');
  const sections = [...byTag.entries()]
    .map(
      ([tag, operations]) =>
        `<section id="${escapeHtml(anchor('tag', tag))}"><h2>${escapeHtml(tag)}</h2>` +
        `${tagText.get(tag) ? `<p>${escapeHtml(tagText.get(tag))}</p>` : ''}\n${operations.map(renderOperation).join('\n')}</section>`,
    )
    .join('\n');
  const errorRows = errorStatuses()
    .map(({ key, status }) => `<tr><td><code>${escapeHtml(key)}</code></td><td>${escapeHtml(status)}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} — reference</title>
<style>${STYLE}</style>
</head>
<body>
<div class="layout">
<nav aria-label="Calls">
<h1>${escapeHtml(doc.info.title)}</h1>
<p class="muted">OpenAPI ${escapeHtml(doc.openapi)} · <a href="/api/docs/openapi.json">openapi.json</a></p>
<ul><li><a href="#overview">Overview</a></li><li><a href="#errors">Error keys</a></li></ul>
${sidebar}
</nav>
<main>
<section id="overview"><h2>Overview</h2>
${prose(doc.info.description)}
<p>The machine-readable document: <a href="/api/docs/openapi.json"><code>/api/docs/openapi.json</code></a> (OpenAPI ${escapeHtml(doc.openapi)}).</p>
</section>
<section id="errors"><h2>Error keys</h2>
<table><caption>HTTP status of each failure key</caption><thead><tr><th>message</th><th>HTTP status</th></tr></thead><tbody>${errorRows}</tbody></table>
</section>
${sections}
</main>
</div>
</body>
</html>
`;
}
