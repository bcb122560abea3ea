package dev.soapbench.compare;

import dev.soapbench.accounts.Caller;
import dev.soapbench.common.Downloads;
import dev.soapbench.common.RenderedJson;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;
import tools.jackson.databind.ObjectMapper;

/** Runs side by side (openapi.yaml, tag compare). */
@RestController
class CompareController {

    private final RunComparisons comparisons;
    private final ObjectMapper json;

    CompareController(RunComparisons comparisons, ObjectMapper json) {
        this.comparisons = comparisons;
        this.json = json;
    }

    @GetMapping("/api/v1/compare")
    ResponseEntity<byte[]> compare(
            @RequestParam(required = false) String runs,
            @RequestParam(required = false) String baseline,
            @RequestParam(required = false) String format,
            @RequestParam(required = false) String wsdl,
            @RequestHeader(value = HttpHeaders.ACCEPT, required = false) String accept,
            Caller caller,
            WebRequest request) {
        boolean csv = Downloads.wantsCsv(format, accept);
        ComparePage page = comparisons.compare(CompareQuery.parse(runs, baseline, wsdl), caller);
        if (csv) {
            return Downloads.csv(
                    "soapbench-compare-"
                            + String.join(
                                    "-",
                                    page.runs().stream()
                                            .map(ComparePage.Run::slug)
                                            .toList()) + ".csv",
                    CompareCsv.of(page, json));
        }
        return RenderedJson.of(json, page).answer(request);
    }
}
