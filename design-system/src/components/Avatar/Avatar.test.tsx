import { fireEvent, render, screen } from '@testing-library/react';
import { Avatar, AVATAR_PALETTE, avatarColor, initialsFromName } from './Avatar';

/** WCAG relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('Avatar', () => {
  it('puts white initials only on backgrounds with at least 4.5:1 contrast (WCAG AA at every size)', () => {
    for (const colour of AVATAR_PALETTE) expect({ colour, ok: contrast(colour, '#ffffff') >= 4.5 }).toEqual({ colour, ok: true });
  });

  it('derives initials from the first and last names', () => {
    expect(initialsFromName('Ada King Lovelace')).toBe('AL');
    expect(initialsFromName('  grace   hopper ')).toBe('GH');
    expect(initialsFromName('Cher')).toBe('C');
    expect(initialsFromName('')).toBe('?');
  });

  it('shows initials on a colour derived from the name', () => {
    render(<Avatar name="Grace Hopper" />);
    const avatar = screen.getByRole('img', { name: 'Grace Hopper' });
    expect(avatar).toHaveTextContent('GH');
    expect(avatar).toHaveStyle({ backgroundColor: avatarColor('Grace Hopper') });
    expect(avatarColor('Grace Hopper')).toBe(avatarColor('grace hopper'));
  });

  it('shows the image with alt text, and falls back to initials if it fails', () => {
    render(<Avatar name="Grace Hopper" src="/images/grace.png" alt="Profile photo of Grace Hopper" />);
    const image = screen.getByRole('img', { name: 'Profile photo of Grace Hopper' });
    expect(image.tagName).toBe('IMG');
    fireEvent.error(image);
    expect(screen.getByRole('img', { name: 'Profile photo of Grace Hopper' })).toHaveTextContent('GH');
  });
});
