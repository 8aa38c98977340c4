// CSS Modules: webpack's css-loader (and identity-obj-proxy in jest) give a class-name map.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

// Global CSS (design-system tokens and base styles) is imported once at the root, for its side effect.
declare module '*.css';

// Images (webpack's asset/resource; a file stub in jest): their URL.
declare module '*.svg' {
  const url: string;
  export default url;
}
