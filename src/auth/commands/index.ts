import type { AuthCommand } from './authCommand';
import { addEnvironment } from './addEnvironment';
import { copyRedirectUri } from './copyRedirectUri';
import { pasteSignInAddress } from './pasteSignInAddress';
import { setClientSecret } from './setClientSecret';
import { setHeaderSecret } from './setHeaderSecret';
import { showAccount } from './showAccount';
import { showLog } from './showLog';
import { signIn } from './signIn';
import { signInAsTeam } from './signInAsTeam';
import { signInOptions } from './signInOptions';
import { signOut } from './signOut';
import { switchEnvironment } from './switchEnvironment';

export type { AuthCommand } from './authCommand';

/** The auth feature's commands, one file each. */
export const authCommands: readonly AuthCommand[] = [
  showLog,
  signIn,
  signInAsTeam,
  signOut,
  switchEnvironment,
  addEnvironment,
  showAccount,
  copyRedirectUri,
  setClientSecret,
  setHeaderSecret,
  pasteSignInAddress,
  signInOptions,
];
