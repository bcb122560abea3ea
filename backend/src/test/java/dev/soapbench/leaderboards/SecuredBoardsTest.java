package dev.soapbench.leaderboards;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A secured board is measured with the stacks' own clients only. */
class SecuredBoardsTest {

    private static final OfficialRecord NONE = new OfficialRecord(null, null, null, null);

    @Test
    void aSecuredBoardWithTheNeutralDriverSaysWhyNoStackIsMeasured() {
        Board sign = BoardFixtures.board("sign");

        assertThat(sign.securedWithTheNeutralDriver()).isTrue();
        BoardState state = BoardState.of(sign, List.of(), NONE, null);
        assertThat(state.id()).isEqualTo("no-stack");
        assertThat(state.text())
                .isEqualTo("Not measured in sign: secured cells are measured with each stack's own client, and this"
                        + " board's workload uses the neutral driver.");
    }

    @Test
    void aPlainBoardOrANativeDriverBoardIsMeasuredAsBefore() {
        Board plain = BoardFixtures.board("plain");
        Board nativeSign = BoardFixtures.board("sign");
        nativeSign.workload().put("driver", "native");

        assertThat(plain.securedWithTheNeutralDriver()).isFalse();
        assertThat(nativeSign.securedWithTheNeutralDriver()).isFalse();
        assertThat(BoardState.of(nativeSign, List.of(), NONE, null).text())
                .isEqualTo("No stack implements echo with security mode sign yet.");
    }
}
