import type { Rule } from 'eslint';

/** The local ESLint plugin with the `layers` rule (DESIGN.md's layers). */
declare const plugin: { rules: { layers: Rule.RuleModule } };
export default plugin;
