"""Train, then run the prediction script on the saved best model (what the README calls `python train.py && python predict.py`)."""
import runpy
import sys

sys.argv = ['train.py']
runpy.run_path('train.py', run_name='__main__')
sys.argv = ['predict.py']
runpy.run_path('predict.py', run_name='__main__')
