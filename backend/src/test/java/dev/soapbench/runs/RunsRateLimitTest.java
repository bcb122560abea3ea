package dev.soapbench.runs;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import dev.soapbench.accounts.Accounts;
import dev.soapbench.accounts.Caller;
import dev.soapbench.common.RenderedJson;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;
import tools.jackson.databind.json.JsonMapper;

/**
 * The write limit as a caller meets it on the run endpoints: three writes a minute per address and per
 * token, no more.
 */
@WebMvcTest(
        controllers = RunsController.class,
        properties = {"soapbench.rate-limit.writes-per-minute=1", "soapbench.rate-limit.burst=3"})
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_EACH_TEST_METHOD)
class RunsRateLimitTest {

    static final String ALICE = "Bearer sbt_alice";
    static final String BOB = "Bearer sbt_bob";

    @Autowired
    MockMvc mvc;

    @MockitoBean
    RunHistograms histograms;

    @MockitoBean
    SharePreview preview;

    @MockitoBean
    RunBundle bundles;

    @MockitoBean
    RunSubmission submission;

    @MockitoBean
    RunViews views;

    @MockitoBean
    RunStreams streams;

    @MockitoBean
    RunCancellation cancellation;

    @MockitoBean
    Accounts accounts;

    @BeforeEach
    void callers() {
        UUID alice = UUID.randomUUID();
        UUID bob = UUID.randomUUID();
        given(accounts.knownTokenId(ALICE)).willReturn(Optional.of(alice));
        given(accounts.knownTokenId(BOB)).willReturn(Optional.of(bob));
        given(accounts.callerFor(any(), any())).willReturn(Caller.anonymous());
        given(accounts.callerFor(eq(ALICE), any())).willReturn(new Caller(Optional.of(alice)));
        given(accounts.callerFor(eq(BOB), any())).willReturn(new Caller(Optional.of(bob)));
        given(views.page(any(), any(), anyInt(), anyInt()))
                .willReturn(RenderedJson.of(JsonMapper.builder().build(), new RunSummary.Page(List.of(), 0, 20, 0)));
        UUID run = UUID.randomUUID();
        given(submission.submit(any()))
                .willReturn(new SubmittedRun(
                        run, "abcdefghij", "queued", "http://x/api/v1/runs/" + run, "http://x/r/a", null, null));
    }

    private ResultActions submit(String authorization) throws Exception {
        return submit(authorization, "127.0.0.1");
    }

    private ResultActions submit(String authorization, String address) throws Exception {
        var request = post("/api/v1/runs")
                .with(sent -> {
                    sent.setRemoteAddr(address);
                    return sent;
                })
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"cxf\"]}}");
        return mvc.perform(authorization == null ? request : request.header(HttpHeaders.AUTHORIZATION, authorization));
    }

    @Test
    void theWriteAfterTheBurstIsRefusedWithRetryAfterWhileReadsGoOn() throws Exception {
        for (int i = 0; i < 3; i++) {
            submit(null).andExpect(status().isCreated());
        }

        submit(null)
                .andExpect(status().isTooManyRequests())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(header().string(HttpHeaders.RETRY_AFTER, Matchers.matchesPattern("[1-9][0-9]*")))
                .andExpect(jsonPath("$.status").value(429))
                .andExpect(jsonPath("$.retryAfterSeconds").isNumber())
                .andExpect(jsonPath("$.detail").value(Matchers.containsString("Try again in")));
        mvc.perform(get("/api/v1/runs"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.total").value(0));
    }

    @Test
    void tokensFromOneAddressShareTheAddressLimit() throws Exception {
        submit(ALICE).andExpect(status().isCreated());
        submit(ALICE).andExpect(status().isCreated());
        submit(BOB).andExpect(status().isCreated());

        submit(BOB).andExpect(status().isTooManyRequests());
        submit(null).andExpect(status().isTooManyRequests());
    }

    @Test
    void aTokenUsedFromManyAddressesKeepsItsOwnLimit() throws Exception {
        for (int i = 1; i <= 3; i++) {
            submit(ALICE, "10.0.0." + i).andExpect(status().isCreated());
        }

        submit(ALICE, "10.0.0.4").andExpect(status().isTooManyRequests());
        submit(null, "10.0.0.4").andExpect(status().isCreated());
    }

    @Test
    void anUnknownTokenCountsAgainstTheClientAddress() throws Exception {
        for (int i = 0; i < 3; i++) {
            submit(null).andExpect(status().isCreated());
        }

        submit("Bearer sbt_unknown").andExpect(status().isTooManyRequests());
    }
}
