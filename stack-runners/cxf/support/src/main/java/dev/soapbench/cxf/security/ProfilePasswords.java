package dev.soapbench.cxf.security;

import java.util.Arrays;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.UnsupportedCallbackException;
import org.apache.wss4j.common.ext.WSPasswordCallback;

/**
 * ProfilePasswords answers WSS4J's password questions with the profile's values: the
 * UsernameToken's password for the profile's user only (WSS4J compares a PasswordText token with
 * it, so a wrong password or another user is refused), and the key password for the private keys
 * of the stores.
 */
final class ProfilePasswords implements CallbackHandler {
    private final String username;
    private final String password;
    private final String keyPassword;

    ProfilePasswords(String username, String password, String keyPassword) {
        this.username = username;
        this.password = password;
        this.keyPassword = keyPassword;
    }

    @Override
    public void handle(Callback[] callbacks) throws UnsupportedCallbackException {
        for (Callback callback : callbacks) {
            if (!(callback instanceof WSPasswordCallback)) {
                throw new UnsupportedCallbackException(callback);
            }
            WSPasswordCallback question = (WSPasswordCallback) callback;
            switch (question.getUsage()) {
                case WSPasswordCallback.USERNAME_TOKEN:
                    // No password for anyone else: WSS4J then refuses the token.
                    if (username.equals(question.getIdentifier())) {
                        question.setPassword(password);
                    }
                    break;
                case WSPasswordCallback.SIGNATURE:
                case WSPasswordCallback.DECRYPT:
                    question.setPassword(keyPassword);
                    break;
                default:
                    throw new UnsupportedCallbackException(callback,
                            "no password for usage " + question.getUsage() + " in " + Arrays.toString(callbacks));
            }
        }
    }
}
