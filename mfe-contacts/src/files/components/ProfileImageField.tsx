import { useRef, useState, type ChangeEvent } from 'react';
import { Avatar, Button } from '@caucus/design-system';
import { analytics, ApiError, toast, useMutation, useQueryClient } from '@caucus/platform';
import { PROFILE_IMAGE_MAX_BYTES, isImageFile, removeProfileImage, uploadProfileImage, type ProfileImage } from '../api/filesApi';
import styles from './Files.module.css';

export type ProfileImageFieldProps = {
  /** Absent until the contact is saved: the image is stored under a contact. */
  contactId?: string | null;
  /** Name for the initials shown when there is no image. */
  contactName: string;
  /** The contact's current (signed) image URL. */
  imageUrl?: string | null;
  /** Told about the stored image after an upload or a removal (nulls after a removal). */
  onChange?: (image: ProfileImage) => void;
};

export const IMAGES_NEED_SAVED_CONTACT = 'Please save the contact first before uploading images';
export const IMAGE_WRONG_TYPE = 'Please select an image file';
export const IMAGE_TOO_LARGE = 'File size must be less than 5MB';
export const IMAGE_UPLOAD_FAILED = 'Failed to upload file. Please try again.';
export const IMAGE_REMOVE_FAILED = 'Failed to remove file. Please try again.';

export function ProfileImageField({ contactId, contactName, imageUrl, onChange }: ProfileImageFieldProps) {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  // The URL the user just uploaded wins over the prop until the parent passes a new one.
  const [shown, setShown] = useState<{ from: string | null; url: string | null } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const current = shown && shown.from === (imageUrl ?? null) ? shown.url : (imageUrl ?? null);

  const upload = useMutation({
    mutationFn: (file: File) => uploadProfileImage(contactId as string, file),
    onSuccess: async (data, file) => {
      analytics.track('file_uploaded', { kind: 'profile_image', mimeType: file.type, size: file.size });
      setShown({ from: imageUrl ?? null, url: data.profileImageUrl });
      onChange?.({ profileImageKey: data.profileImageKey, profileImageUrl: data.profileImageUrl });
      await queryClient.invalidateQueries({ queryKey: ['contacts'] });
    },
    onError: (error) => {
      const known = error instanceof ApiError && (error.status === 413 || error.status === 415);
      toast.error(known ? error.message : IMAGE_UPLOAD_FAILED);
    },
  });

  const remove = useMutation({
    mutationFn: () => removeProfileImage(contactId as string),
    onSuccess: async () => {
      setShown({ from: imageUrl ?? null, url: null });
      onChange?.({ profileImageKey: null, profileImageUrl: null });
      await queryClient.invalidateQueries({ queryKey: ['contacts'] });
    },
    onError: () => {
      toast.error(IMAGE_REMOVE_FAILED);
    },
  });

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isImageFile(file)) {
      setFileError(IMAGE_WRONG_TYPE);
      return;
    }
    if (file.size > PROFILE_IMAGE_MAX_BYTES) {
      setFileError(IMAGE_TOO_LARGE);
      return;
    }
    setFileError(null);
    upload.mutate(file);
  };

  const name = contactName.trim() || 'Contact';

  return (
    <div className={styles.profile}>
      <Avatar name={name} src={current} alt={`Profile image of ${name}`} size="xl" />
      <div className={styles.profileControls}>
        {contactId ? (
          <>
            <input
              ref={inputRef}
              type="file"
              accept="image/*"
              className={styles.hiddenInput}
              aria-label="Profile image file"
              tabIndex={-1}
              onChange={handleFile}
            />
            <div className={styles.buttons}>
              <Button size="sm" onClick={() => inputRef.current?.click()} loading={upload.isPending}>
                {current ? 'Change Photo' : 'Upload Photo'}
              </Button>
              {current ? (
                <Button size="sm" variant="secondary" onClick={() => remove.mutate()} loading={remove.isPending}>
                  Remove Photo
                </Button>
              ) : null}
            </div>
            <p className={styles.hint}>An image up to 5MB.</p>
          </>
        ) : (
          <p className={styles.hint}>{IMAGES_NEED_SAVED_CONTACT}</p>
        )}
        {fileError ? (
          <p role="alert" className={styles.error}>
            {fileError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
