// jsdom lacks what React Router 7 and fetch-based code expect from a browser.
const { TextEncoder, TextDecoder } = require('node:util');

if (!global.TextEncoder) global.TextEncoder = TextEncoder;
if (!global.TextDecoder) global.TextDecoder = TextDecoder;
