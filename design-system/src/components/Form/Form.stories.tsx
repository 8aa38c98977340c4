import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useForm } from 'react-hook-form';
import { Button } from '../Button';
import { FormCheckbox } from '../FormCheckbox';
import { FormSelect } from '../FormSelect';
import { FormTextField } from '../FormTextField';
import { FormToggle } from '../FormToggle';
import { Form } from './Form';

type Signup = { firstName: string; email: string; organizationType: string; newsletter: boolean; agreeToTerms: boolean };

/** A form is a list of bound fields; rules come from a resolver (here a tiny one standing in for zod). */
function SignupExample() {
  const form = useForm<Signup>({
    defaultValues: { firstName: '', email: '', organizationType: '', newsletter: true, agreeToTerms: false },
    reValidateMode: 'onSubmit',
    resolver: async (values) => {
      const errors: Record<string, { type: string; message: string }> = {};
      if (!values.firstName.trim()) errors.firstName = { type: 'required', message: 'First name is required' };
      if (!values.email.trim()) errors.email = { type: 'required', message: 'Email is required' };
      if (!values.organizationType) errors.organizationType = { type: 'required', message: 'Organization type is required' };
      if (!values.agreeToTerms) errors.agreeToTerms = { type: 'required', message: 'You must agree to the terms and conditions' };
      return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
    },
  });
  return (
    <Form form={form} onSubmit={() => undefined} aria-label="Sign up" style={{ display: 'grid', gap: 16, maxWidth: 420 }}>
      <FormTextField<Signup> name="firstName" label="First name" required />
      <FormTextField<Signup> name="email" label="Email" type="email" required hint="We send the receipt here" />
      <FormSelect<Signup>
        name="organizationType"
        label="Organization type"
        required
        placeholder="Select a type"
        options={[
          { value: 'political', label: 'Political campaign' },
          { value: 'nonprofit', label: 'Nonprofit' },
        ]}
      />
      <FormToggle<Signup> name="newsletter" label="Product news by email" />
      <FormCheckbox<Signup> name="agreeToTerms" label="I agree to the terms and conditions" />
      <div>
        <Button type="submit">Continue</Button>
      </div>
    </Form>
  );
}

const meta = {
  title: 'Forms/Form',
  component: SignupExample,
} satisfies Meta<typeof SignupExample>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Press Continue with the fields empty to see every error; editing a field clears its error. */
export const BoundFields: Story = {};
