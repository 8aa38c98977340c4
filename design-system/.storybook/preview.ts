import type { Preview } from '@storybook/react-webpack5';
import '../src/tokens/tokens.css';
import '../src/tokens/base.css';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
};

export default preview;
