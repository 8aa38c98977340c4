import type { StorybookConfig } from '@storybook/react-webpack5';
import type { RuleSetRule } from 'webpack';

const CSS_TEST = /\.css$/;

function isCssRule(rule: unknown): rule is RuleSetRule {
  return Boolean(rule) && typeof rule === 'object' && String((rule as RuleSetRule).test) === String(CSS_TEST);
}

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.tsx'],
  addons: ['@storybook/addon-webpack5-compiler-swc'],
  framework: { name: '@storybook/react-webpack5', options: {} },
  core: { disableTelemetry: true },
  typescript: { reactDocgen: 'react-docgen' },
  webpackFinal: async (webpackConfig) => {
    const rules = webpackConfig.module?.rules ?? [];
    // Storybook's CSS rule would turn *.module.css into named exports only (css-loader 7);
    // components import a default `styles` object, as the apps' webpack preset provides.
    const withoutCss = rules.filter((rule) => !isCssRule(rule));
    withoutCss.push(
      {
        test: /\.module\.css$/,
        sideEffects: true,
        use: [
          'style-loader',
          {
            loader: 'css-loader',
            options: {
              modules: { localIdentName: '[name]__[local]', namedExport: false, exportLocalsConvention: 'as-is' },
            },
          },
        ],
      },
      { test: CSS_TEST, exclude: /\.module\.css$/, sideEffects: true, use: ['style-loader', 'css-loader'] },
    );
    return { ...webpackConfig, module: { ...webpackConfig.module, rules: withoutCss }, performance: { hints: false } };
  },
};

export default config;
