// CSS Modules: webpack's css-loader (and identity-obj-proxy in jest) give a class-name map.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

// Plain CSS: the design system's standalone harness loads its tokens and base styles, for their side effect.
declare module '*.css';
