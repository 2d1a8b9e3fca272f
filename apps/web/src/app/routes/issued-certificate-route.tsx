// /courses/{objectiveId}/certificate/{certificateNumber}: the learner's issued certificate in the portal.
import { useParams } from 'react-router';
import { IssuedCertificatePage } from '../../features/certificates/issued-certificate-page.tsx';
import { paths } from '../paths.ts';

export function Component() {
  const { objectiveId = '', certificateNumber = '' } = useParams();
  return (
    <IssuedCertificatePage
      certificateNumber={certificateNumber}
      courseUrl={`${paths.courses}/${encodeURIComponent(objectiveId)}`}
    />
  );
}
