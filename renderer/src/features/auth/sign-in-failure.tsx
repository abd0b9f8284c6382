/** Why a sign-in failed, in a message bar: loaded with the first failure, not with the form. */
import { MessageBar, MessageBarBody } from '@fluentui/react-components';

export default function SignInFailure({ text }: { text: string }) {
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{text}</MessageBarBody>
    </MessageBar>
  );
}
