// The prerendered signup's elements (SignupView) that the island acts on (ADR 0014).
import styles from '../../signup/components/SignupWizard.module.css';

export type SignupPage = {
  main: HTMLElement;
  form: HTMLFormElement;
  title: HTMLHeadingElement;
  actions: HTMLElement;
  submit: HTMLButtonElement;
};

/** A copy of one of the page's `<template data-signup-part>`: markup SignupView drew for the island. */
export type Part = (name: string) => HTMLElement;

/** The page's signup, or null when it has none. */
export function findSignupPage(root: Document): SignupPage | null {
  const main = root.querySelector<HTMLElement>('[data-signup]');
  const form = main?.querySelector<HTMLFormElement>('form[data-signup-form]');
  const title = main?.querySelector('h1');
  const actions = form?.querySelector<HTMLElement>(`.${styles.actions}`);
  const submit = actions?.querySelector<HTMLButtonElement>('button[type="submit"]');
  return main && form && title && actions && submit ? { main, form, title, actions, submit } : null;
}

export function templatePart(main: HTMLElement, name: string): HTMLElement {
  const found = main.querySelector<HTMLTemplateElement>(`template[data-signup-part="${name}"]`);
  const node = found?.content.firstElementChild?.cloneNode(true);
  if (!(node instanceof HTMLElement)) throw new Error(`The signup page has no ${name} part`);
  return node;
}
