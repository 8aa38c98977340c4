import { fireEvent, render, screen } from '@testing-library/react';
import { Avatar, avatarColor, initialsFromName } from './Avatar';

describe('Avatar', () => {
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
