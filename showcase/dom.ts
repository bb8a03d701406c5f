// The showcase's look and its element helpers: no markup string is ever parsed (text stays text).

export const CSS = `
:host{all:initial;display:block}
.tgs{--bg:#f4f5f7;--card:#fff;--fg:#111318;--muted:#545b66;--border:#e5e7eb;--accent:#6d28d9;--on-accent:#fff;--ok:#15803d;--err:#b91c1c;
display:block;box-sizing:border-box;min-width:0;padding:12px;border-radius:16px;background:var(--bg);color:var(--fg);
font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;-webkit-text-size-adjust:100%;text-align:start}
.tgs.dark{--bg:#0f1115;--card:#1a1d24;--fg:#f3f4f6;--muted:#a3aab5;--border:#2a2e37;--accent:#a78bfa;--on-accent:#0f1115;--ok:#4ade80;--err:#f87171}
.tgs *{box-sizing:border-box}
.tgs ul{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.tgs li{display:flex;flex-wrap:wrap;align-items:center;gap:8px 10px;padding:10px 12px;background:var(--card);border:1px solid var(--border);border-radius:12px;transition:opacity .3s}
.tgs li.done{opacity:.75}
.tgs .logo{flex:none;width:40px;height:40px;border-radius:10px;object-fit:cover;background:var(--border)}
.tgs .body{flex:1 1 100px;min-width:0}
.tgs .title{font-weight:600;overflow-wrap:anywhere}
.tgs .type{font-size:12px;color:var(--muted)}
.tgs .awards{display:flex;flex-wrap:wrap;gap:2px 10px;margin-top:2px;font-size:13px;font-weight:600}
.tgs .award{display:inline-flex;align-items:center;gap:4px}
.tgs .award img{width:16px;height:16px;border-radius:50%;object-fit:cover}
.tgs .links{display:flex;flex-wrap:wrap;gap:0 12px}
.tgs li>.btn{margin-inline-start:auto}
.tgs .count{margin:0 0 8px;font-size:13px;color:var(--muted)}
.tgs .test{margin:0 0 8px;padding:6px 10px;border-radius:8px;border:1px dashed var(--accent);font-size:13px}
.tgs button,.tgs select,.tgs textarea{font:inherit;color:inherit}
.tgs .btn{appearance:none;min-height:36px;min-width:72px;padding:6px 16px;border:0;border-radius:999px;background:var(--accent);color:var(--on-accent);font-weight:600;cursor:pointer;transition:filter .2s}
.tgs .btn:hover{filter:brightness(1.08)}
.tgs .btn:disabled,.tgs .btn[aria-disabled=true]{opacity:.6;cursor:default;filter:none}
.tgs .lnk{appearance:none;padding:4px 0;border:0;background:none;color:var(--muted);font-size:12px;text-decoration:underline;cursor:pointer}
.tgs a{color:var(--accent)}
.tgs :focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.tgs .msg{flex-basis:100%;margin:0;font-size:13px;color:var(--muted);overflow-wrap:anywhere}
.tgs .msg:empty{display:none}
.tgs .msg.ok{color:var(--ok)}
.tgs .msg.err{color:var(--err)}
.tgs form{flex-basis:100%;display:grid;gap:8px;padding-top:8px;border-top:1px solid var(--border)}
.tgs .field{display:grid;gap:4px}
.tgs label{font-size:12px;color:var(--muted)}
.tgs select,.tgs textarea{width:100%;padding:8px;border:1px solid var(--border);border-radius:8px;background:var(--bg);font-size:14px}
.tgs textarea{resize:vertical}
.tgs .row{display:flex;align-items:center;gap:12px}
.tgs .state{padding:24px 8px;text-align:center;color:var(--muted)}
.tgs .state .btn{margin-top:12px}
.tgs .spin{width:22px;height:22px;margin:0 auto 8px;border:2px solid var(--border);border-top-color:var(--accent);border-radius:50%;animation:tgs-spin .8s linear infinite}
@keyframes tgs-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.tgs *{animation:none!important;transition:none!important}}
`;

type Attrs = Record<string, string | number | boolean | null | undefined>;

/** A new element; attribute values are set as attributes, text children as text nodes (never HTML). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Array<Node | string | null | false | undefined>
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === true) el.setAttribute(name, '');
    else if (value !== false && value != null) el.setAttribute(name, String(value));
  }
  for (const child of children) if (child) el.append(child);
  return el;
}

/** Runs an integrator's callback; its error is logged, never the showcase's. */
export function safeCall<A extends unknown[]>(fn: ((...args: A) => void) | undefined, ...args: A): void {
  try {
    fn?.(...args);
  } catch (e) {
    console.error('[Showcase] callback failed', e);
  }
}
