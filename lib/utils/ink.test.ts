import { describe, expect, it } from 'vitest';
import { contrastRatio, inkOn } from './ink';

describe('inkOn', () => {
  it('puts white on dark brand colours and black on light ones', () => {
    expect(inkOn('#e50914')).toBe('#ffffff');
    expect(inkOn('#113ccf')).toBe('#ffffff');
    expect(inkOn('#fb7299')).toBe('#000000');
    expect(inkOn('#00a8e1')).toBe('#000000');
    expect(inkOn('#f47521')).toBe('#000000');
  });

  it('reads hsl() colours', () => {
    expect(inkOn('hsl(240 55% 38%)')).toBe('#ffffff');
    expect(inkOn('hsl(60 55% 38%)')).toBe('#000000');
  });

  it("always reaches 4.5:1 on the services' colours and on every derived hue", () => {
    const colours = [
      '#e50914',
      '#f47521',
      '#00a8e1',
      '#113ccf',
      '#1a1a1a',
      '#000000',
      '#e4007f',
      '#252525',
      '#fb7299',
      '#ff0000',
    ];
    for (let hue = 0; hue < 360; hue++) colours.push(`hsl(${hue} 55% 38%)`);
    for (const colour of colours)
      expect(contrastRatio(inkOn(colour), colour), colour).toBeGreaterThanOrEqual(4.5);
  });
});
