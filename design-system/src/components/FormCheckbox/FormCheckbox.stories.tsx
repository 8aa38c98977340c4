import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { StoryForm } from '../Form/StoryForm';
import { FormCheckbox, type FormCheckboxProps } from './FormCheckbox';

function Example(props: FormCheckboxProps & { value?: boolean; error?: string }) {
  const { value = false, error, ...field } = props;
  return (
    <StoryForm defaultValues={{ [field.name]: value }} errors={error ? { [field.name]: { type: 'validate', message: error } } : undefined}>
      <FormCheckbox {...field} />
    </StoryForm>
  );
}

const meta = {
  title: 'Forms/FormCheckbox',
  component: Example,
  args: { name: 'agreeToTerms', label: 'I agree to the terms and conditions' },
} satisfies Meta<typeof Example>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unchecked: Story = {};
export const Checked: Story = { args: { value: true } };
export const WithError: Story = { args: { error: 'You must agree to the terms and conditions' } };
