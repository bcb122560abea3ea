package dev.soapbench.accounts;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

@RestController
class TokensController {

    record CreateTokenRequest(String name, String project) {}

    private final Accounts accounts;

    TokensController(Accounts accounts) {
        this.accounts = accounts;
    }

    @PostMapping("/api/v1/tokens")
    @ResponseStatus(HttpStatus.CREATED)
    CreatedToken create(@RequestBody CreateTokenRequest body, HttpServletRequest request, Caller caller) {
        return accounts.createToken(body.name(), body.project(), request.getRemoteAddr(), caller);
    }
}
