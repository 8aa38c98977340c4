import { composeStories, setProjectAnnotations } from '@storybook/react';
import type { ComponentType } from 'react';
import { cleanup, render } from '@testing-library/react';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import preview from '../.storybook/preview';

// Every *.stories.tsx under src, found on disk so a new story file is covered without editing this test.
function findStoryFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return findStoryFiles(path);
    return entry.name.endsWith('.stories.tsx') ? [path] : [];
  });
}

setProjectAnnotations(preview);

const storyFiles = findStoryFiles(__dirname).sort();

afterEach(() => cleanup());

it('finds the story files', () => {
  expect(storyFiles.length).toBeGreaterThanOrEqual(17);
});

describe.each(storyFiles.map((file) => [relative(__dirname, file), file]))('%s', (_name, file) => {
  // A synchronous require keeps the stories inside describe.each; jest compiles the TSX.
  const stories = composeStories(require(file) as Parameters<typeof composeStories>[0]);
  const entries = Object.entries(stories) as Array<[string, ComponentType]>;

  it('exports at least one story', () => {
    expect(entries.length).toBeGreaterThan(0);
  });

  it.each(entries)('renders %s', (_storyName, Story) => {
    const { container } = render(<Story />);
    // A portal story (Modal) renders into document.body instead of the container.
    expect(container.childElementCount + document.body.childElementCount).toBeGreaterThan(0);
  });
});
