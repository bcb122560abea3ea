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
});
