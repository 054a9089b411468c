import type { RouteHandle } from '../layout/root-layout';

export const handle: RouteHandle = { title: 'Dine-in order confirmation' };

export { Component } from './order-confirmation';
