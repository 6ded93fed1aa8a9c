import { describe, expect, it } from 'vitest';
import { jsString, triggerSnippet } from './trigger-snippet';

describe('triggerSnippet', () => {
  it('queues triggerPushEvent with the event name on window.pushmine (works before and after pushmine.js loads)', () => {
    expect(triggerSnippet('cart_abandoned')).toBe(
      "window.pushmine = window.pushmine || [];\nwindow.pushmine.push(['triggerPushEvent', 'cart_abandoned']);",
    );
  });

  it('escapes quotes, backslashes, line breaks and a closing script tag in the name', () => {
    expect(jsString("it's")).toBe("'it\\'s'");
    expect(jsString('a\\b')).toBe("'a\\\\b'");
    expect(jsString('a\nb\u2028')).toBe("'a\\nb\\u2028'");
    expect(jsString('</script>')).toBe("'\\x3C/script>'");
    // what the escaped literal means in JavaScript is the name itself
    for (const name of ["it's", 'a\\b', 'x\ny', '</script><b>', 'emoji 🎉']) {
      expect(new Function(`return ${jsString(name)};`)()).toBe(name);
    }
  });
});
