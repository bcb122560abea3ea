import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StudyDefinition } from '@/features/studies/components/study-definition';
import { sosnoskiStudyFixture } from '@/testing/study-fixtures';

const driverOf = () => screen.getByText('Driver in the article').nextElementSibling?.textContent;

describe('StudyDefinition', () => {
  it("names the secured cells' own driver in a neutral-driver study that measures them with the stacks' clients", () => {
    const study = {
      ...sosnoskiStudyFixture,
      matrix: {
        ...sosnoskiStudyFixture.matrix,
        driver: 'neutral' as const,
        securedDriver: 'native' as const,
      },
    };
    render(<StudyDefinition study={study} stackName={(id) => id} />);
    expect(driverOf()).toBe(
      "neutral; secured cells: native (each stack's own client, the only one that secures its requests)",
    );
  });

  it('names one driver where every cell uses it', () => {
    const study = {
      ...sosnoskiStudyFixture,
      matrix: { ...sosnoskiStudyFixture.matrix, driver: 'native' as const },
    };
    render(<StudyDefinition study={study} stackName={(id) => id} />);
    expect(driverOf()).toBe('native');
  });

  it('says how each method warms up and what it does, as the study file defines it', () => {
    const study = {
      ...sosnoskiStudyFixture,
      matrix: {
        ...sosnoskiStudyFixture.matrix,
        methods: [
          {
            id: 'article',
            label: 'best of several',
            repetitions: 8,
            warmupSequences: 1,
            description: 'Each measurement starts the client anew.',
          },
          { id: 'corrected', label: 'corrected', warmup: { requests: 5000, seconds: 15 } },
          { id: 'as-published', label: 'as published', warmup: { requests: 0 } },
        ],
      },
    };
    render(<StudyDefinition study={study} stackName={(id) => id} />);
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toContain(
      'best of several (8 repetitions); 1 untimed pass of the sequence before each measurementEach measurement starts the client anew.',
    );
    expect(items).toContain('corrected; warm-up of 5,000 requests and 15 s before each measurement');
    expect(items).toContain('as published; no warm-up of its own before each measurement');
  });
});
