// The offline stand-in for Stripe Checkout: one small server-rendered page that works without
// JavaScript. Every value shown is escaped.

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;
    font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;
    background:linear-gradient(135deg,#667eea 0%,#764ba2 100%)}
  main{width:100%;max-width:420px;background:#fff;border-radius:16px;padding:32px;box-shadow:0 20px 50px rgba(0,0,0,.2)}
  .brand{margin:0 0 4px;font-weight:700;color:#4c51bf;letter-spacing:.02em}
  h1{margin:0 0 8px;font-size:1.5rem}
  .note{margin:0 0 24px;color:#6b7280;font-size:.9rem}
  dl{margin:0 0 24px;display:grid;grid-template-columns:auto 1fr;gap:8px 16px}
  dt{color:#6b7280}
  dd{margin:0;font-weight:600;text-align:right;overflow-wrap:anywhere}
  form{margin:0 0 12px}
  button,a.button{display:block;width:100%;padding:14px;border-radius:10px;font-size:1rem;font-weight:600;
    cursor:pointer;text-align:center;text-decoration:none}
  .pay{border:0;color:#fff;background:linear-gradient(135deg,#5a67d8 0%,#764ba2 100%)}
  .cancel{border:1px solid #d1d5db;background:#fff;color:#374151}
  button:focus-visible,a.button:focus-visible{outline:3px solid #764ba2;outline-offset:2px}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - Caucus</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">Caucus</p>
${body}
</main>
</body>
</html>
`;
}

export type LocalCheckoutView = {
  sessionId: string;
  planName: string;
  price: string;
  /** A plan change pays the difference once, for the rest of the current period; otherwise a month. */
  oneOff: boolean;
  customerEmail: string;
  state: 'open' | 'paid' | 'expired';
  successUrl: string;
  cancelUrl: string;
};

export function renderLocalCheckout(view: LocalCheckoutView): string {
  const base = `/api/billing/local-checkout/${encodeURIComponent(view.sessionId)}`;
  const summary = `<dl>
<dt>Plan</dt><dd>${escapeHtml(view.planName)}</dd>
<dt>Amount</dt><dd>${view.oneOff ? `$${escapeHtml(view.price)} (the difference for the rest of the current period)` : `$${escapeHtml(view.price)}/month`}</dd>
<dt>Email</dt><dd>${escapeHtml(view.customerEmail)}</dd>
</dl>`;
  if (view.state === 'paid') {
    return layout(
      'Payment received',
      `<h1>Payment received</h1>
<p class="note">This checkout has already been paid.</p>
${summary}
<a class="button pay" href="${escapeHtml(view.successUrl)}">Continue</a>`,
    );
  }
  if (view.state === 'expired') {
    return layout(
      'Checkout expired',
      `<h1>Checkout expired</h1>
<p class="note">This checkout session has expired. Please start again.</p>
<a class="button cancel" href="${escapeHtml(view.cancelUrl)}">Back</a>`,
    );
  }
  return layout(
    'Checkout',
    `<h1>Complete your subscription</h1>
<p class="note">Local test checkout: no card is charged.</p>
${summary}
<form method="post" action="${escapeHtml(`${base}/pay`)}"><button type="submit" class="pay">Pay $${escapeHtml(view.price)}</button></form>
<form method="post" action="${escapeHtml(`${base}/cancel`)}"><button type="submit" class="cancel">Cancel</button></form>`,
  );
}

export function renderLocalCheckoutMessage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p class="note">${escapeHtml(message)}</p>`);
}
