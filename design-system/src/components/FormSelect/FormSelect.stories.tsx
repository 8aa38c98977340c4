import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { StoryForm } from '../Form/StoryForm';
import { FormSelect, type FormSelectProps } from './FormSelect';

function Example(props: FormSelectProps & { value?: string; error?: string }) {
  const { value = '', error, ...field } = props;
  return (
    <StoryForm defaultValues={{ [field.name]: value }} errors={error ? { [field.name]: { type: 'validate', message: error } } : undefined}>
      <FormSelect {...field} />
    </StoryForm>
  );
}

const meta = {
  title: 'Forms/FormSelect',
  component: Example,
  args: {
    name: 'campaignId',
    label: 'Campaign',
    placeholder: 'Select a campaign',
    required: true,
    options: [
      { value: 'c-1', label: 'Spring Appeal' },
      { value: 'c-2', label: 'Get Out The Vote' },
    ],
  },
} satisfies Meta<typeof Example>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Chosen: Story = { args: { value: 'c-2' } };
export const WithError: Story = { args: { error: 'Please select a campaign' } };
