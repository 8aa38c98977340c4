export { Avatar, initialsFromName, avatarColor } from './Avatar';
export type { AvatarProps, AvatarSize } from './Avatar';
