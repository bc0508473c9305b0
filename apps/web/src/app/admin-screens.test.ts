import { describe, expect, it } from 'vitest';
import { screensFor } from './admin-screens';

describe('screensFor', () => {
  it('names the screens of each admin URL, literal segments before ids', () => {
    expect(screensFor('/admin')).toEqual(['dashboard', 'charactersTable']);
    expect(screensFor('/admin/')).toEqual(['dashboard', 'charactersTable']);
    expect(screensFor('/admin/maps')).toEqual(['maps']);
    expect(screensFor('/admin/maps/new')).toEqual(['mapNew']);
    expect(screensFor('/admin/maps/abc')).toEqual(['map']);
    expect(screensFor('/admin/sanctions/settings')).toEqual(['moderationSettings']);
    expect(screensFor('/admin/sanctions/s-1')).toEqual(['sanction']);
    expect(screensFor('/admin/characters/c-1')).toEqual(['character', 'characterSanctions']);
    expect(screensFor('/admin/chats/c-1/connect')).toEqual(['chatConnect']);
    expect(screensFor('/admin/players')).toEqual(['livePlayers']);
  });

  it('gives the not-found screen for an unknown admin URL and nothing outside the console', () => {
    expect(screensFor('/admin/nowhere/at/all')).toEqual(['notFound']);
    expect(screensFor('/account/chat')).toEqual([]);
    expect(screensFor('/')).toEqual([]);
  });
});
