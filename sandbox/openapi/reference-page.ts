/**
 * Renders the OpenAPI document as one self-contained HTML page: no scripts or assets from a CDN,
 * because the machines this runs on may have no internet. The document is walked as plain JSON so
 * the page shows exactly what /v1/openapi.json says.
 */
import { escapeHtml } from '../http/html';
import { exampleBlock, webhooksSection } from './reference-webhooks';

type Obj = Record<string, unknown>;

const asObj = (value: unknown): Obj | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : undefined;
const asArr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asStr = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Backticks in descriptions become <code>; everything else is escaped text. */
function prose(text: string | undefined): string {
  if (!text) return '';
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function refName(ref: string): string {
  return ref.split('/').pop() ?? ref;
}

function typeLabel(schema: Obj): string {
  const ref = asStr(schema.$ref);
  if (ref) return `<a href="#schema-${escapeHtml(refName(ref))}">${escapeHtml(refName(ref))}</a>`;
  const variants = asArr(schema.anyOf ?? schema.oneOf);
  if (variants.length > 0) return variants.map((v) => typeLabel(asObj(v) ?? {})).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.map(String).join(' | ') : (asStr(schema.type) ?? 'any');
  if (type === 'array') return `array of ${typeLabel(asObj(schema.items) ?? {})}`;
  const format = asStr(schema.format);
  return escapeHtml(format ? `${type} (${format})` : type);
}

function constraints(schema: Obj): string {
  const parts: string[] = [];
  const values = asArr(schema.enum);
  if (values.length > 0) parts.push(`one of ${values.map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(', ')}`);
  for (const [key, label] of [
    ['minimum', 'min'],
    ['maximum', 'max'],
    ['minLength', 'min length'],
    ['maxLength', 'max length'],
    ['pattern', 'pattern'],
    ['default', 'default'],
  ] as const) {
    if (schema[key] !== undefined) parts.push(`${label} <code>${escapeHtml(JSON.stringify(schema[key]))}</code>`);
  }
  return parts.join('; ');
}

function renderSchema(schema: Obj, depth = 0): string {
  const props = asObj(schema.properties);
  if (!props || depth > 6) {
    const extra = constraints(schema);
    return `<p class="type">${typeLabel(schema)}${extra ? ` — ${extra}` : ''}</p>`;
  }
  const required = new Set(asArr(schema.required).map(String));
  const rows = Object.entries(props).map(([name, raw]) => {
    const prop = asObj(raw) ?? {};
    const nested = asObj(prop.properties) ? renderSchema(prop, depth + 1) : '';
    return `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''}</td><td>${typeLabel(prop)}</td><td>${prose(asStr(prop.description))} ${constraints(prop)}${nested}</td></tr>`;
  });
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function renderParameters(parameters: unknown[]): string {
  if (parameters.length === 0) return '';
  const rows = parameters.map((raw) => {
    const p = asObj(raw) ?? {};
    const schema = asObj(p.schema) ?? {};
    return `<tr><td><code>${escapeHtml(asStr(p.name) ?? '')}</code>${p.required === true ? ' <span class="req">required</span>' : ''}</td><td>${escapeHtml(asStr(p.in) ?? '')}</td><td>${typeLabel(schema)}</td><td>${prose(asStr(p.description) ?? asStr(schema.description))} ${constraints(schema)}</td></tr>`;
  });
  return `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function renderContent(content: unknown): string {
  const media = asObj(content);
  if (!media) return '';
  return Object.entries(media)
    .map(([type, raw]) => {
      const schema = asObj(asObj(raw)?.schema) ?? {};
      return `<div class="media"><span class="mt">${escapeHtml(type)}</span>${renderSchema(schema)}</div>`;
    })
    .join('');
}

function renderHeaders(headers: unknown): string {
  const names = Object.keys(asObj(headers) ?? {});
  if (names.length === 0) return '';
  return `<div class="mt">Headers: ${names.map((name) => `<code>${escapeHtml(name)}</code>`).join(', ')}</div>`;
}

function renderOperation(path: string, method: string, op: Obj): string {
  const id = `op-${method}-${path.replace(/[^a-zA-Z0-9]+/g, '-')}`;
  const keyless = Array.isArray(op.security) && op.security.length === 0;
  const body = asObj(op.requestBody);
  const responses = Object.entries(asObj(op.responses) ?? {})
    .map(
      ([status, raw]) =>
        `<li><strong class="status s${escapeHtml(status.charAt(0))}">${escapeHtml(status)}</strong> ${prose(asStr(asObj(raw)?.description))}${renderHeaders(asObj(raw)?.headers)}${renderContent(asObj(raw)?.content)}</li>`,
    )
    .join('');
  return `<section class="op" id="${id}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p class="summary">${prose(asStr(op.summary))}${op.operationId ? ` <code class="opid">${escapeHtml(String(op.operationId))}</code>` : ''}${keyless ? ' <span class="badge">no key needed</span>' : ' <span class="badge">bearer key</span>'}</p>
<p>${prose(asStr(op.description))}</p>
${renderParameters(asArr(op.parameters))}
${body ? `<h4>Request body</h4>${renderContent(body.content)}` : ''}
<h4>Responses</h4><ul class="responses">${responses}</ul>
</section>`;
}

/** `nonce`: the response's CSP nonce, which allows the page's one inline stylesheet. */
export function renderReferencePage(document: object, nonce: string): string {
  const doc = asObj(document) ?? {};
  const info = asObj(doc.info) ?? {};
  const title = asStr(info.title) ?? 'API reference';
  const operations: { path: string; method: string; op: Obj }[] = [];
  for (const [path, raw] of Object.entries(asObj(doc.paths) ?? {})) {
    const item = asObj(raw) ?? {};
    for (const method of METHODS) {
      const op = asObj(item[method]);
      if (op) operations.push({ path, method, op });
    }
  }
  const nav = operations
    .map(
      ({ path, method, op }) =>
        `<li><a href="#op-${method}-${path.replace(/[^a-zA-Z0-9]+/g, '-')}"><span class="method ${method}">${method.toUpperCase()}</span> ${escapeHtml(path)}</a> ${prose(asStr(op.summary))}</li>`,
    )
    .join('');
  const schemas = Object.entries(asObj(asObj(doc.components)?.schemas) ?? {})
    .map(
      ([name, raw]) =>
        `<section class="schema" id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3>${renderSchema(asObj(raw) ?? {})}${exampleBlock(asObj(raw) ?? {})}</section>`,
    )
    .join('');

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — reference</title>
<style nonce="${escapeHtml(nonce)}">
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem 1.5rem;color:#1a1a1a}
code{font:13px ui-monospace,monospace;background:#f2f2f2;padding:0 .25em;border-radius:3px}
table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{border:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#fafafa}.op,.schema{border-top:1px solid #ccc;padding-top:.5rem;margin-top:1.5rem}
.method{display:inline-block;min-width:4.2em;text-align:center;font:bold 12px ui-monospace,monospace;color:#fff;border-radius:3px;padding:.1em .3em;background:#555}
.get{background:#1f6feb}.post{background:#1a7f37}.patch{background:#9a6700}.put{background:#8250df}.delete{background:#cf222e}
.req{color:#cf222e;font-size:12px}.badge{font-size:12px;border:1px solid #999;border-radius:8px;padding:0 .4em;color:#444}
.status{font-family:ui-monospace,monospace}.s2{color:#1a7f37}.s4{color:#9a6700}.s5{color:#cf222e}
.mt{font:12px ui-monospace,monospace;color:#555}pre{background:#f6f6f6;padding:.5rem;overflow-x:auto}pre code{background:none}.responses{padding-left:1.2rem}nav ul{list-style:none;padding:0}
</style></head>
<body>
<header><h1>${escapeHtml(title)}</h1><p>Version <code>${escapeHtml(asStr(info.version) ?? '')}</code> · OpenAPI <code>${escapeHtml(asStr(doc.openapi) ?? '')}</code> · <a href="/v1/openapi.json">openapi.json</a></p>
<p>${prose(asStr(info.description))}</p>
<p>Authentication: <code>Authorization: Bearer pk_live_…</code> on every operation unless marked “no key needed”.</p></header>
<nav><h2>Contents</h2><ul>${nav}<li><a href="#webhooks">Webhooks</a> · <a href="#verify">Verify a delivery</a></li></ul></nav>
<main><h2>Operations</h2>${operations.map(({ path, method, op }) => renderOperation(path, method, op)).join('')}
${webhooksSection(doc.webhooks)}
<h2>Schemas</h2>${schemas}</main>
</body></html>`;
}
