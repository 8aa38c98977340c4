import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { StoryForm } from '../Form/StoryForm';
import { FormToggle, type FormToggleProps } from './FormToggle';

function Example(props: FormToggleProps & { value?: boolean }) {
  const { value = false, ...field } = props;
  return (
    <StoryForm defaultValues={{ [field.name]: value }}>
      <FormToggle {...field} />
    </StoryForm>
  );
}

const meta = {
  title: 'Forms/FormToggle',
  component: Example,
  args: { name: 'emailNotifications', label: 'Email notifications' },
} satisfies Meta<typeof Example>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {};
export const On: Story = { args: { value: true } };
export const WithDescription: Story = { args: { name: 'isVirtual', label: 'Virtual event', description: 'A virtual event needs its URL' } };
