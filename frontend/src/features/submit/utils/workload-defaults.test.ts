import { bounds, loadModels, patterns, workloadDefaults } from '@/features/submit/utils/workload-defaults';

describe('the workload defaults and bounds read from schemas/workload.schema.json', () => {
  it('gives the form the schema defaults', () => {
    expect(workloadDefaults).toMatchObject({
      mode: 'measure',
      model: 'closed',
      connections: 25,
      requests: 2000,
      warmupRequests: 500,
      repetitions: 8,
      keepAlive: true,
      driver: 'neutral',
      security: ['plain'],
      hardwareClass: 'local',
      maxErrorRatio: 0.01,
    });
    expect(loadModels).toEqual(['closed', 'open', 'capacity']);
  });

  it('reads whole numbers, exclusive minimums and open maximums as bounds', () => {
    expect(bounds.connections).toEqual({ min: 1, max: 1000, integer: true });
    expect(bounds.durationSeconds).toEqual({ min: 0, max: 3600, aboveMin: true });
    expect(bounds.maxErrorRatio).toEqual({ min: 0, max: 1 });
    expect(bounds.checkEquals).toEqual({ min: 0, max: Number.MAX_SAFE_INTEGER, integer: true });
  });

  it('turns the schema patterns into the checks the form applies', () => {
    expect(patterns.dataset.test('echo/1kb')).toBe(true);
    expect(patterns.dataset.test('echo')).toBe(false);
    expect(patterns.hardwareClass.test('Local')).toBe(false);
    expect(patterns.sha256.test('a'.repeat(64))).toBe(true);
  });
});
