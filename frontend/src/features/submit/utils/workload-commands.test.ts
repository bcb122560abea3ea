import { describe, expect, it } from 'vitest';
import {
  benchctlCommand,
  curlCommand,
  shellQuote,
  workloadFileText,
} from '@/features/submit/utils/workload-commands';

const workload = { stacks: ['gsoap', 'cxf'], load: { connections: 4 } };

describe('workload commands', () => {
  it('copies a catalog run as one JSON curl with the workload inline and no token', () => {
    expect(
      curlCommand({
        origin: 'https://soapbench.example',
        source: { kind: 'catalog', catalog: 'echo' },
        workload,
        visibility: 'public',
        withToken: false,
      }),
    ).toBe(
      `curl -X POST https://soapbench.example/api/v1/runs -H 'Content-Type: application/json' -d '{"catalog":"echo","workload":{"stacks":["gsoap","cxf"],"load":{"connections":4}},"visibility":"public"}'`,
    );
  });

  it('copies an upload as multipart reading workload.json, with the token as a placeholder', () => {
    expect(
      curlCommand({
        origin: 'https://soapbench.example/',
        source: { kind: 'upload', fileName: "order's service.zip", entry: 'wsdl/orders.wsdl' },
        workload,
        visibility: 'private',
        withToken: true,
      }),
    ).toBe(
      `curl -X POST https://soapbench.example/api/v1/runs -H "Authorization: Bearer $SOAPBENCH_TOKEN" -F 'wsdl=@order'\\''s service.zip' -F entry=wsdl/orders.wsdl -F workload=@workload.json -F visibility=private`,
    );
  });

  it('names the entry of a zip for benchctl as for curl', () => {
    expect(
      benchctlCommand({
        origin: 'https://soapbench.example',
        source: { kind: 'upload', fileName: 'api.zip', entry: 'api/service.wsdl' },
        visibility: 'public',
        withToken: false,
      }),
    ).toBe(
      'benchctl submit --server https://soapbench.example --wsdl api.zip --entry api/service.wsdl --workload workload.json',
    );
  });

  it('names the same run for benchctl submit', () => {
    expect(
      benchctlCommand({
        origin: 'https://soapbench.example',
        source: { kind: 'catalog', catalog: 'echo' },
        visibility: 'public',
        withToken: false,
      }),
    ).toBe('benchctl submit --server https://soapbench.example --catalog echo --workload workload.json');
    expect(
      benchctlCommand({
        origin: 'http://localhost:8080',
        source: { kind: 'upload', fileName: 'orders.wsdl' },
        visibility: 'unlisted',
        withToken: true,
      }),
    ).toBe(
      'benchctl submit --server http://localhost:8080 --token "$SOAPBENCH_TOKEN" --wsdl orders.wsdl --workload workload.json --visibility unlisted',
    );
  });

  it('quotes for a POSIX shell only what needs it', () => {
    expect(shellQuote('echo/1kb')).toBe('echo/1kb');
    expect(shellQuote('a b')).toBe("'a b'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote('$HOME')).toBe("'$HOME'");
  });

  it('saves the workload as indented JSON', () => {
    expect(JSON.parse(workloadFileText(workload))).toEqual(workload);
    expect(workloadFileText(workload)).toMatch(/^\{\n {2}"stacks"/);
  });
});
