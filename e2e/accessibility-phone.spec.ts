import { describeAccessibility, VIEWPORTS } from './support/accessibility-suite';

describeAccessibility(VIEWPORTS.phone);
