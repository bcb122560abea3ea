package dev.soapbench.runs;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.multipart;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import dev.soapbench.accounts.Accounts;
import dev.soapbench.accounts.Caller;
import dev.soapbench.common.ApiProblem;
import dev.soapbench.common.ProblemError;
import dev.soapbench.wsdl.WsdlProblem;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockMultipartFile;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

// Far above the writes these tests make, so the write limit never answers in their place.
@WebMvcTest(controllers = RunsController.class, properties = "soapbench.rate-limit.burst=1000")
class RunsControllerTest {

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
    void anonymousCallers() {
        given(accounts.callerFor(any(), any())).willReturn(Caller.anonymous());
    }

    @Test
    void anAcceptedRunAnswers201WithItsLocation() throws Exception {
        UUID id = UUID.randomUUID();
        given(submission.submit(any()))
                .willReturn(new SubmittedRun(
                        id, "abcdefghij", "queued", "http://x/api/v1/runs/" + id, "http://x/r/abcdefghij", null, null));

        mvc.perform(post("/api/v1/runs")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"catalog\":\"echo\",\"workload\":{\"stacks\":[\"cxf\"]}}"))
                .andExpect(status().isCreated())
                .andExpect(header().string("Location", "/api/v1/runs/" + id))
                .andExpect(jsonPath("$.slug").value("abcdefghij"));
    }

    @Test
    void refusalsAreProblemJsonWithFieldPointers() throws Exception {
        given(submission.submit(any()))
                .willThrow(ApiProblem.unprocessable(
                        "Unknown stacks in the workload: unknown stack 'metro'.",
                        ProblemError.inField("/stacks/0", "unknown stack 'metro'")));

        mvc.perform(post("/api/v1/runs")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"workload\":{\"stacks\":[\"metro\"]}}"))
                .andExpect(status().isUnprocessableContent())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.status").value(422))
                .andExpect(jsonPath("$.errors[0].field").value("/stacks/0"))
                .andExpect(jsonPath("$.errors[0].line").doesNotExist());
    }

    @Test
    void wsdlFaultsCarryFileLineAndColumn() throws Exception {
        given(submission.submit(any())).willThrow(new WsdlProblem("svc.wsdl", 12, 5, "DOCTYPE is not allowed"));

        mvc.perform(multipart("/api/v1/runs")
                        .file(new MockMultipartFile("wsdl", "svc.wsdl", "text/xml", "<x/>".getBytes()))
                        .param("workload", "stacks: [cxf]"))
                .andExpect(status().isUnprocessableContent())
                .andExpect(jsonPath("$.detail").value("svc.wsdl:12:5: DOCTYPE is not allowed"))
                .andExpect(jsonPath("$.errors[0].file").value("svc.wsdl"))
                .andExpect(jsonPath("$.errors[0].line").value(12))
                .andExpect(jsonPath("$.errors[0].column").value(5));
    }

    @Test
    void anUnreadableYamlWorkloadIsABadRequestWithItsPosition() throws Exception {
        mvc.perform(multipart("/api/v1/runs").param("catalog", "echo").param("workload", "stacks: [cxf\n"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors[0].field").value("workload"))
                .andExpect(jsonPath("$.errors[0].line").isNumber());
    }

    @Test
    void malformedJsonIsABadRequestWithoutInternals() throws Exception {
        mvc.perform(post("/api/v1/runs").contentType(MediaType.APPLICATION_JSON).content("{\"workload\": "))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.detail")
                        .value(org.hamcrest.Matchers.startsWith("The request body is not valid JSON")))
                .andExpect(content()
                        .string(org.hamcrest.Matchers.not(org.hamcrest.Matchers.containsString("tools.jackson"))));
    }

    @Test
    void unexpectedFailuresAreLoggedAndAnsweredGenerically() throws Exception {
        // The JSON answer reads the kept bytes (visibleJson); a failure there is what a reader meets.
        given(views.visibleJson(eq("boom"), any()))
                .willThrow(new IllegalStateException("connection refused: db01:5432"));

        mvc.perform(get("/api/v1/runs/boom"))
                .andExpect(status().isInternalServerError())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.containsString("incident")))
                .andExpect(content().string(org.hamcrest.Matchers.not(org.hamcrest.Matchers.containsString("db01"))));
    }

    @Test
    void pageSizesOutsideTheContractAreRefused() throws Exception {
        mvc.perform(get("/api/v1/runs").param("size", "1000"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors[0].field").value("size"));
    }
}
