// The API reference page, rendered on the server from the OpenAPI document: plain HTML and one inline
// stylesheet, so it works offline and under the site's CSP (no scripts, nothing fetched from elsewhere).

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
};

type Parameter = { name: string; in: string; required?: boolean; schema?: JsonSchema; description?: string };
type MediaTypes = Record<string, { schema?: JsonSchema }>;
type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: MediaTypes };
  responses?: Record<string, { description?: string; content?: MediaTypes }>;
};
/** The parts of an OpenAPI document this page reads. */
type OpenApiDocument = {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation> | undefined>;
  components?: { schemas?: Record<string, JsonSchema> };
};

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const refName = (ref: string): string => ref.split('/').pop()!;
const anchor = (value: string): string => value.replace(/[^A-Za-z0-9_-]/g, '-');

/** One line per schema: its type and the rules a caller must meet. */
function constraints(schema: JsonSchema): string {
  const parts: string[] = [];
  if (schema.format) parts.push(schema.format);
  if (schema.minLength !== undefined) parts.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) parts.push(`max length ${schema.maxLength}`);
  if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) parts.push(`≤ ${schema.maximum}`);
  if (schema.maxItems !== undefined) parts.push(`at most ${schema.maxItems} items`);
  if (schema.pattern) parts.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.length > 0 ? ` <span class="rules">${escapeHtml(parts.join(', '))}</span>` : '';
}

function typeLabel(schema: JsonSchema): string {
  if (schema.$ref) return `<a href="#schema-${anchor(refName(schema.$ref))}">${escapeHtml(refName(schema.$ref))}</a>`;
  if (schema.const !== undefined) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  if (schema.enum) return `one of ${schema.enum.map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(' ')}`;
  const variants = schema.anyOf ?? schema.oneOf;
  // Nullable fields are anyOf [T, null]: show T's rules too.
  if (variants) return variants.map((variant) => typeLabel(variant) + constraints(variant)).join(' | ');
  if (schema.allOf) return schema.allOf.map(typeLabel).join(' &amp; ');
  if (schema.type === 'array' && schema.items) return `array of ${typeLabel(schema.items)}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  return escapeHtml(type);
}

function renderSchema(schema: JsonSchema | undefined, nested = false): string {
  if (!schema) return '';
  const target = schema.type === 'array' && schema.items && !schema.items.$ref ? schema.items : schema;
  const variants = target.anyOf ?? target.oneOf;
  if (variants && variants.some((v) => v.properties)) {
    return variants.map((v, i) => `<p class="variant">Variant ${i + 1}</p>${renderSchema(v)}`).join('');
  }
  if (!target.properties) {
    return `<p class="type">${typeLabel(schema)}${constraints(schema)}${schema.description ? ` — ${escapeHtml(schema.description)}` : ''}</p>`;
  }
  const required = new Set(target.required ?? []);
  const rows = Object.entries(target.properties)
    .map(([name, prop]) => {
      const child = prop.properties || (prop.type === 'array' && prop.items?.properties) ? renderSchema(prop, true) : '';
      return (
        `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}</td>` +
        `<td>${typeLabel(prop)}${constraints(prop)}${prop.description ? `<div class="desc">${escapeHtml(prop.description)}</div>` : ''}${child}</td></tr>`
      );
    })
    .join('');
  const prefix = target === schema || nested ? '' : '<p class="type">array of</p>';
  return `${prefix}<table><thead><tr><th>Field</th><th>Type</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function renderContent(content: MediaTypes | undefined): string {
  if (!content) return '';
  return Object.entries(content)
    .map(([type, media]) => `<p class="media">${escapeHtml(type)}</p>${renderSchema(media.schema)}`)
    .join('');
}

function accessOf(operation: Operation): string {
  const security = operation.security ?? [];
  if (security.length === 0) return 'public';
  return security.some((requirement) => Object.keys(requirement).length === 0) ? 'session optional' : 'session required';
}

function renderOperation(path: string, method: string, operation: Operation): string {
  const id = anchor(operation.operationId ?? `${method}-${path}`);
  const params = (operation.parameters ?? [])
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? ' <span class="req">required</span>' : ''}</td>` +
        `<td>${escapeHtml(p.in)}</td><td>${p.schema ? typeLabel(p.schema) + constraints(p.schema) : ''}` +
        `${p.description ? `<div class="desc">${escapeHtml(p.description)}</div>` : ''}</td></tr>`,
    )
    .join('');
  const responses = Object.entries(operation.responses ?? {})
    .map(
      ([status, response]) =>
        `<details${status.startsWith('2') || status.startsWith('3') ? ' open' : ''}><summary><span class="status s${status[0]}">${escapeHtml(status)}</span> ${escapeHtml(response.description ?? '')}</summary>${renderContent(response.content)}</details>`,
    )
    .join('');
  return `<section class="op" id="${id}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> <span class="access">${accessOf(operation)}</span></h3>
<p>${escapeHtml(operation.summary ?? '')}</p>${operation.description ? `<p class="desc">${escapeHtml(operation.description)}</p>` : ''}
${params ? `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th></tr></thead><tbody>${params}</tbody></table>` : ''}
${operation.requestBody ? `<h4>Request body</h4>${renderContent(operation.requestBody.content)}` : ''}
<h4>Responses</h4>${responses}
</section>`;
}

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1c2430;background:#f6f7f9}
header{background:#1f3a5f;color:#fff;padding:24px 32px}header h1{margin:0 0 4px;font-size:24px}header a{color:#cfe0ff}
main{display:grid;grid-template-columns:260px 1fr;gap:24px;max-width:1280px;margin:0 auto;padding:24px 32px}
nav{position:sticky;top:16px;align-self:start;max-height:calc(100vh - 32px);overflow:auto;font-size:13px}
nav h2{font-size:13px;text-transform:uppercase;letter-spacing:.04em;margin:16px 0 4px;color:#52606d}
nav a{display:block;color:#1c2430;text-decoration:none;padding:2px 0;overflow-wrap:anywhere}nav a:hover{text-decoration:underline}
.op{min-width:0;background:#fff;border:1px solid #d9dee5;border-radius:8px;padding:16px 20px;margin:0 0 16px}
.op h3{margin:0 0 8px;font-size:16px;display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.method{font:600 12px/1 ui-monospace,monospace;padding:4px 8px;border-radius:4px;color:#fff;background:#52606d}
.get{background:#1d6f42}.post{background:#1f5fa8}.put{background:#8a5a00}.patch{background:#6b3fa0}.delete{background:#b42318}
.access{font-size:12px;color:#52606d;font-weight:400}
h2.tag{margin:24px 0 12px;font-size:20px}h4{margin:12px 0 4px;font-size:13px;text-transform:uppercase;color:#52606d}
table{border-collapse:collapse;width:100%;font-size:13px;margin:4px 0}th,td{text-align:left;vertical-align:top;border-top:1px solid #e5e9f0;padding:4px 8px;overflow-wrap:anywhere}
th{color:#52606d;font-weight:600}td table{margin-top:6px}th:first-child,td:first-child{width:38%}
.req{color:#b42318;font-size:11px}.rules,.desc{color:#52606d;font-size:12px}.media,.variant,.type{font-size:12px;color:#52606d;margin:4px 0}
details{margin:4px 0}summary{cursor:pointer}.status{font:600 12px ui-monospace,monospace}.s2{color:#1d6f42}.s3{color:#1f5fa8}.s4{color:#8a5a00}.s5{color:#b42318}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.92em}
main>div{min-width:0}
@media (max-width:800px){main{grid-template-columns:1fr;padding:12px}nav{position:static;max-height:none}.op{padding:12px}th,td{padding:4px}}
`;

/** The reference page for `document`, linking to the JSON it is made from. */
export function renderDocsPage(openApi: object, jsonUrl: string): string {
  const document = openApi as OpenApiDocument;
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item ?? {}).map(([method, operation]) => ({ path, method, operation, tag: operation.tags?.[0] ?? 'Other' })),
  );
  const tags = [...new Set(operations.map((op) => op.tag))];
  const nav = tags
    .map(
      (tag) =>
        `<h2>${escapeHtml(tag)}</h2>` +
        operations
          .filter((op) => op.tag === tag)
          .map((op) => `<a href="#${anchor(op.operation.operationId ?? `${op.method}-${op.path}`)}">${op.method.toUpperCase()} ${escapeHtml(op.path)}</a>`)
          .join(''),
    )
    .join('');
  const body = tags
    .map(
      (tag) =>
        `<h2 class="tag">${escapeHtml(tag)}</h2>` +
        operations
          .filter((op) => op.tag === tag)
          .map((op) => renderOperation(op.path, op.method, op.operation))
          .join(''),
    )
    .join('');
  const schemas = Object.entries(document.components?.schemas ?? {})
    .map(([name, schema]) => `<section class="op" id="schema-${anchor(name)}"><h3><code>${escapeHtml(name)}</code></h3>${renderSchema(schema)}</section>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title><style>${STYLE}</style></head>
<body><header><h1>${escapeHtml(document.info.title)} <small>${escapeHtml(document.info.version)}</small></h1>
<p>${escapeHtml(document.info.description ?? '')}</p><p><a href="${escapeHtml(jsonUrl)}">OpenAPI 3.1 document (JSON)</a></p></header>
<main><nav aria-label="Routes">${nav}${schemas ? '<h2>Schemas</h2>' : ''}${Object.keys(document.components?.schemas ?? {})
    .map((name) => `<a href="#schema-${anchor(name)}">${escapeHtml(name)}</a>`)
    .join('')}</nav>
<div>${body}${schemas ? `<h2 class="tag">Schemas</h2>${schemas}` : ''}</div></main></body></html>`;
}
