export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A page of the sandbox stand-ins (checkout, explorer): one card, light and dark. */
export function sandboxPage(title: string, body: string, wide = false) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
:root{color-scheme:light dark;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f4f6fb}
@media (prefers-color-scheme:dark){body{background:#0f1115;color:#e8eaf0}.card{background:#181b22!important;border-color:#2a2f3a!important}}
*{box-sizing:border-box}.card{background:#fff;border:1px solid #e3e7ef;border-radius:16px;padding:28px;max-width:380px;width:calc(100% - 32px);box-shadow:0 8px 30px rgba(0,0,0,.06)}
h1{font-size:20px;margin:0 0 4px}.muted{opacity:.7;font-size:14px;margin:0 0 20px}.amount{font-size:36px;font-weight:700;margin:8px 0 24px}
.row{display:flex;gap:12px}button{flex:1;font:inherit;font-weight:600;padding:12px;border-radius:10px;border:0;cursor:pointer}
.wide{max-width:640px}dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 16px;margin:0 0 16px}dt{opacity:.7}dd{margin:0;word-break:break-all;font-variant-numeric:tabular-nums}.badge.ok{background:#dcfce7;color:#166534}.badge.no{background:#fee2e2;color:#991b1b}
.pay{background:#2563eb;color:#fff}.fail{background:#fee2e2;color:#991b1b}.badge{display:inline-block;font-size:12px;padding:2px 8px;border-radius:99px;background:#fef3c7;color:#92400e;margin-bottom:12px}
</style></head><body><main class="card${wide ? ' wide' : ''}">${body}</main></body></html>`;
}
