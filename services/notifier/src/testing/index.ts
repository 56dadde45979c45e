export { decodeHeader, type ParsedMail, parseMail } from './mime.ts'
export { type ReceivedMail, type SmtpSink, startSmtpSink } from './smtp-sink.ts'
export {
  startTwilioStub,
  TWILIO_ERRORS,
  TWILIO_TEST_ACCOUNT,
  type TwilioRequest,
  type TwilioStub,
} from './twilio-stub.ts'
