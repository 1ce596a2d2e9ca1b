import { afterEach, describe, expect, it } from 'vitest';
import { closeModal, getModalState, openModal } from '../../app/client/modals';

afterEach(() => closeModal());

describe('the modal manager (docs/product.md §4)', () => {
  it('starts with no modal', () => {
    expect(getModalState()).toEqual({ current: null, previous: null, stack: [] });
  });

  it('opening a modal makes it the current one', () => {
    openModal('login');
    expect(getModalState()).toEqual({ current: 'login', previous: null, stack: ['login'] });
  });

  it('opening another closes the first and keeps it as the previous one on the stack', () => {
    openModal('announcement');
    openModal('login');
    expect(getModalState()).toEqual({ current: 'login', previous: 'announcement', stack: ['announcement', 'login'] });
    openModal('signIn');
    expect(getModalState()).toEqual({ current: 'signIn', previous: 'login', stack: ['announcement', 'login', 'signIn'] });
  });

  it('opening the open modal again changes nothing', () => {
    openModal('partners');
    const before = getModalState();
    openModal('partners');
    expect(getModalState()).toBe(before);
  });

  it('closing clears the stack and the previous modal', () => {
    openModal('login');
    openModal('error');
    closeModal();
    expect(getModalState()).toEqual({ current: null, previous: null, stack: [] });
  });

  it('a modal opened after a close starts a new stack', () => {
    openModal('login');
    closeModal();
    openModal('partners');
    expect(getModalState()).toEqual({ current: 'partners', previous: null, stack: ['partners'] });
  });
});
