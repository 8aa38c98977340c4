// CSS Modules: webpack's css-loader (and identity-obj-proxy in jest) give a class-name map.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

// Plain CSS is imported only by the standalone harness (design-system tokens), for its side effect.
declare module '*.css';
