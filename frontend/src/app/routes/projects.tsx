import { type FormEvent, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { BranchHistory } from '@/features/projects/components/branch-history';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /projects?project=acme/billing&branch=main, or /projects/acme/billing?branch=main (a project's name
 * has slashes, so the path form takes the rest of the path): a CI project's branch, run by run; the
 * view lives in the URL.
 */
export function ProjectsRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const fromPath = (useParams()['*'] ?? '').replace(/^\/+|\/+$/g, '').trim();
  const project = fromPath || (params.get('project')?.trim() ?? '');
  const branch = params.get('branch')?.trim() || 'main';
  useDocumentTitle(project ? `${project} · ${branch}` : 'Projects');
  return (
    <>
      <h1>{project ? `Project ${project} · ${branch}` : 'Projects'}</h1>
      <p className="lead">
        The runs a CI pipeline sent for one branch of a project, and where each stack&apos;s throughput, p99
        latency, CPU per request and peak RSS moved between commits.
      </p>
      {/* Keyed by the address: a pasted link or the back button starts the form afresh. */}
      <ProjectForm
        key={`${project}\n${branch}`}
        project={project}
        branch={branch}
        // Always the query form: it names the project whatever the path said before.
        onShow={(next) =>
          navigate(`/projects?${new URLSearchParams({ project: next.project, branch: next.branch })}`)
        }
      />
      {project ? <BranchHistory project={project} branch={branch} /> : null}
    </>
  );
}

type Named = { project: string; branch: string };

function ProjectForm({ project, branch, onShow }: Named & { onShow: (next: Named) => void }) {
  const [form, setForm] = useState<Named>({ project, branch });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (form.project.trim()) onShow({ project: form.project.trim(), branch: form.branch.trim() || 'main' });
  }
  return (
    <form className="card filters" onSubmit={submit} aria-label="Project and branch">
      <label>
        CI project
        <input
          type="text"
          value={form.project}
          placeholder="acme/billing"
          required
          onChange={(event) => setForm({ ...form, project: event.target.value })}
        />
      </label>
      <label>
        Branch
        <input
          type="text"
          value={form.branch}
          onChange={(event) => setForm({ ...form, branch: event.target.value })}
        />
      </label>
      <button type="submit">Show history</button>
    </form>
  );
}
