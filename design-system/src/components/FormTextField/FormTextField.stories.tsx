import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { StoryForm } from '../Form/StoryForm';
import { FormTextField, type FormTextFieldProps } from './FormTextField';

function Example(props: FormTextFieldProps & { value?: string; error?: string }) {
  const { value = '', error, ...field } = props;
  return (
    <StoryForm defaultValues={{ [field.name]: value }} errors={error ? { [field.name]: { type: 'validate', message: error } } : undefined}>
      <FormTextField {...field} />
    </StoryForm>
  );
}

const meta = {
  title: 'Forms/FormTextField',
  component: Example,
  args: { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
} satisfies Meta<typeof Example>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Required: Story = { args: { name: 'firstName', label: 'First name', type: 'text', required: true } };
export const WithHint: Story = { args: { name: 'password', label: 'Password', type: 'password', hint: 'At least 8 characters' } };
export const WithError: Story = { args: { value: 'ada@', error: 'Please enter a valid email address', required: true } };
export const Multiline: Story = { args: { name: 'message', label: 'Message', multiline: true, rows: 5, error: 'Message is required' } };
